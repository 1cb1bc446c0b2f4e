import type { JsonSchema, SchemaValidator, ValidationIssue } from '@switchboard/core';
import type { WidgetCatalog } from '../catalog/widget-catalog.ts';
import { pointer } from '../sanitize/sanitize-widget-urls.ts';
import type { WidgetDefinition } from '../widgets/widget-definition.ts';

/** How deep `tabs` and `grid` may nest other widgets. */
export const MAX_WIDGET_NESTING = 3;

/** A widget that passed validation: its canonical name, definition and params (alias defaults applied). */
export interface ValidWidget {
  ok: true;
  name: string;
  definition: WidgetDefinition;
  params: Record<string, unknown>;
}

/** The tool answer for params that do not match the schema. */
export interface WidgetValidationError {
  ok: false;
  error: 'Validation failed';
  details: ValidationIssue[];
  expected_schema: JsonSchema;
}

/** The tool answer for a widget name the catalog does not know. */
export interface UnknownWidgetError {
  ok: false;
  error: string;
  available: string[];
}

/**
 * Resolves a widget name (aliases included), applies the alias's implied params, and validates the params
 * against the widget's schema — then each nested child widget against its own, up to
 * {@link MAX_WIDGET_NESTING} levels. Issue paths are JSON Pointers from the top-level params.
 */
export function validateWidget(
  catalog: WidgetCatalog,
  validator: SchemaValidator,
  name: unknown,
  params: unknown,
): ValidWidget | WidgetValidationError | UnknownWidgetError {
  if (typeof name !== 'string' || name.trim() === '') return unknownWidget(catalog, String(name));
  const resolved = catalog.resolve(name.trim());
  if (!resolved) return unknownWidget(catalog, name);
  const merged =
    typeof params === 'object' && params !== null && !Array.isArray(params)
      ? { ...resolved.defaults, ...(params as Record<string, unknown>) }
      : params;
  const details = collectIssues(catalog, validator, resolved.definition, merged, '', 1);
  if (details.length > 0) {
    return { ok: false, error: 'Validation failed', details, expected_schema: resolved.definition.schema };
  }
  return {
    ok: true,
    name: resolved.definition.name,
    definition: resolved.definition,
    params: merged as Record<string, unknown>,
  };
}

function collectIssues(
  catalog: WidgetCatalog,
  validator: SchemaValidator,
  definition: WidgetDefinition,
  params: unknown,
  prefix: string,
  depth: number,
): ValidationIssue[] {
  const outcome = validator.validate(definition.schema, params);
  if (!outcome.valid)
    return outcome.issues.map((issue) => ({
      ...issue,
      path: `${prefix}${issue.path === '/' ? '' : issue.path}` || '/',
    }));
  const issues: ValidationIssue[] = [];
  for (const child of definition.children?.(params as Record<string, unknown>) ?? []) {
    const path = `${prefix}${pointer(child.path)}`;
    const childDefinition = typeof child.name === 'string' ? catalog.get(child.name) : undefined;
    if (!childDefinition) {
      issues.push({
        path: path.replace(/\/params$/, '/name'),
        message: `unknown widget ${JSON.stringify(child.name)}; use one of ${catalog.names.join(', ')}`,
      });
    } else if (depth >= MAX_WIDGET_NESTING && childDefinition.children) {
      issues.push({ path, message: `widgets nest at most ${MAX_WIDGET_NESTING} levels deep` });
    } else {
      issues.push(...collectIssues(catalog, validator, childDefinition, child.params, path, depth + 1));
    }
  }
  return issues;
}

function unknownWidget(catalog: WidgetCatalog, name: string): UnknownWidgetError {
  return {
    ok: false,
    error: `Unknown widget "${name.slice(0, 100)}". Use one of: ${catalog.names.join(', ')} (get_recipe explains each).`,
    available: catalog.names,
  };
}
