import { isPlainObject } from '@switchboard/core';
import { MAX_WIDGET_NESTING } from '../validation/validate-widget.ts';
import { BUILT_IN_WIDGETS } from '../widgets/all-widgets.ts';
import type { WidgetDefinition } from '../widgets/widget-definition.ts';
import type { WidgetHint } from './read-widget-hint.ts';

const DEFINITIONS: ReadonlyMap<string, WidgetDefinition> = new Map(
  BUILT_IN_WIDGETS.map((definition) => [definition.name, definition as WidgetDefinition]),
);

/** A result whose widgets nest deeper than the catalog allows. */
const TOO_DEEP = Symbol('too deep');

/**
 * The widget a tool's result shows, with every `actions` button that calls a tool `mayCall` refuses
 * taken out — in the widget and in the widgets nested in it (`grid`, `tabs`). The host passes "a tool
 * of the server whose result this is", so a result's buttons never call another server's tools;
 * message buttons stay. Undefined when the widgets nest deeper than {@link MAX_WIDGET_NESTING} (as
 * `widget_display` refuses them): such a result is shown as ordinary content. The hint is not
 * changed; only the objects on the way to a changed button list are copied.
 */
export function confineWidgetActions(
  hint: WidgetHint,
  mayCall: (tool: string) => boolean,
): WidgetHint | undefined {
  const data = confined(hint.type, hint.data, mayCall, 0);
  return data === TOO_DEEP ? undefined : { type: hint.type, data: data as Record<string, unknown> };
}

function confined(
  type: unknown,
  params: unknown,
  mayCall: (tool: string) => boolean,
  depth: number,
): unknown | typeof TOO_DEEP {
  const definition = typeof type === 'string' ? DEFINITIONS.get(type) : undefined;
  if (!definition || !isPlainObject(params)) return params;
  let copy: Record<string, unknown> = params;
  if (definition.name === 'actions' && Array.isArray(params.buttons))
    copy = { ...params, buttons: params.buttons.filter((button: unknown) => allowed(button, mayCall)) };
  for (const child of definition.children?.(params) ?? []) {
    const childDefinition = typeof child.name === 'string' ? DEFINITIONS.get(child.name) : undefined;
    if (depth >= MAX_WIDGET_NESTING && childDefinition?.children) return TOO_DEEP;
    const inner = confined(child.name, child.params, mayCall, depth + 1);
    if (inner === TOO_DEEP) return TOO_DEEP;
    if (inner !== child.params) copy = withValueAt(copy, child.path, inner) as Record<string, unknown>;
  }
  return copy;
}

/** A button that sends a message, or calls a tool `mayCall` accepts. */
function allowed(button: unknown, mayCall: (tool: string) => boolean): boolean {
  if (!isPlainObject(button) || button.tool === undefined) return true;
  return typeof button.tool === 'string' && mayCall(button.tool);
}

/** `value` with `replacement` at `path`, copying each object and array on the way (the rest is shared). */
function withValueAt(value: unknown, path: ReadonlyArray<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  const container = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  (container as Record<string | number, unknown>)[key] = withValueAt(
    (value as Record<string | number, unknown>)[key],
    rest,
    replacement,
  );
  return container;
}
