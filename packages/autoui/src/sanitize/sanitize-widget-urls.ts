import type { JsonSchema } from '@switchboard/core';
import type { WidgetDefinition } from '../widgets/widget-definition.ts';
import type { UrlKind, UrlPolicy } from './url-policy.ts';
import { checkUrl } from './url-policy.ts';

/** A URL taken out of widget params, and why. */
export interface RemovedUrl {
  path: string;
  reason: string;
}

/** Finds a child widget's definition (for `tabs` and `grid`). */
export type DefinitionLookup = (name: string) => WidgetDefinition | undefined;

/**
 * Returns a copy of validated widget params with every URL checked against the policy: URL fields are
 * found through the schema (`'x-url': 'image' | 'link'`), through the widget's dynamic URLs (table
 * columns formatted as links or images) and in nested child widgets. A bad URL is removed; an array
 * item whose required URL was removed is dropped; a bad table cell becomes null.
 */
export function sanitizeWidgetUrls(
  definition: WidgetDefinition,
  params: Record<string, unknown>,
  policy: UrlPolicy,
  lookup: DefinitionLookup,
): { params: Record<string, unknown>; removed: RemovedUrl[] } {
  const removed: RemovedUrl[] = [];
  const clean = structuredClone(params);
  sanitizeInto(definition, clean, policy, lookup, '', removed);
  return { params: clean, removed };
}

function sanitizeInto(
  definition: WidgetDefinition,
  params: Record<string, unknown>,
  policy: UrlPolicy,
  lookup: DefinitionLookup,
  prefix: string,
  removed: RemovedUrl[],
): void {
  const report = (path: string, reason: string) => removed.push({ path: `${prefix}${path}`, reason });
  walk(params, definition.schema, '', policy, report);
  for (const { path, kind } of definition.dynamicUrls?.(params) ?? []) {
    const parent = resolvePath(params, path.slice(0, -1));
    const key = path[path.length - 1];
    if (typeof parent !== 'object' || parent === null) continue;
    const value = (parent as Record<string | number, unknown>)[key];
    if (value === null || value === undefined || value === '') continue;
    const check = checkUrl(value, kind, policy);
    if (!check.ok) {
      (parent as Record<string | number, unknown>)[key] = null;
      report(pointer(path), check.reason);
    }
  }
  for (const child of definition.children?.(params) ?? []) {
    const childDefinition = typeof child.name === 'string' ? lookup(child.name) : undefined;
    if (!childDefinition || typeof child.params !== 'object' || child.params === null) continue;
    sanitizeInto(
      childDefinition,
      child.params as Record<string, unknown>,
      policy,
      lookup,
      `${prefix}${pointer(child.path)}`,
      removed,
    );
  }
}

/** Walks a value with its schema; returns true when the value must be dropped from its parent. */
function walk(
  value: unknown,
  schema: unknown,
  path: string,
  policy: UrlPolicy,
  report: (path: string, reason: string) => void,
): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const node = schema as JsonSchema;
  const kind = node['x-url'] as UrlKind | undefined;
  if (kind && typeof value === 'string') {
    const check = checkUrl(value, kind, policy);
    if (!check.ok) report(path, check.reason);
    return !check.ok;
  }
  for (const branch of [...asArray(node.anyOf), ...asArray(node.oneOf), ...asArray(node.allOf)]) {
    if (walk(value, branch, path, policy, report)) return true;
  }
  if (Array.isArray(value)) {
    const items = node.items;
    for (let index = value.length - 1; index >= 0; index--) {
      const itemSchema = Array.isArray(items) ? items[index] : items;
      if (walk(value[index], itemSchema, `${path}/${index}`, policy, report)) value.splice(index, 1);
    }
    return false;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    const required = asArray(node.required) as string[];
    let drop = false;
    for (const key of Object.keys(record)) {
      const propertySchema = key in properties ? properties[key] : node.additionalProperties;
      if (walk(record[key], propertySchema, `${path}/${key}`, policy, report)) {
        delete record[key];
        if (required.includes(key)) drop = true;
      }
    }
    return drop;
  }
  return false;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function resolvePath(root: unknown, path: Array<string | number>): unknown {
  let current = root;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** A JSON Pointer for a path. */
export function pointer(path: Array<string | number>): string {
  return path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
