import { BUILT_IN_WIDGETS } from '../widgets/all-widgets.ts';

/** A widget a tool result names, ready for the renderer. */
export interface WidgetHint {
  /** The widget name in the catalog. */
  type: string;
  data: Record<string, unknown>;
}

/** The widgets a result may choose: the catalog's. An MCP App (`mcp-app`) is never one of them. */
const CATALOG_WIDGETS: ReadonlySet<string> = new Set(BUILT_IN_WIDGETS.map((widget) => widget.name));

/**
 * The widget a tool result names: `{widget, data}` (what `widget_display` returns) or `{widget, params}`
 * (what a server's tool returns for the UI to show, as `widget_display` would take it). `data` wins
 * when both are there. Only a widget of the catalog counts: a result naming anything else — an MCP App
 * above all, whose HTML, CSP and server only the host decides (from the tool's own declaration) —
 * gives undefined, and is shown as ordinary content.
 */
export function readWidgetHint(value: unknown): WidgetHint | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as { widget?: unknown; data?: unknown; params?: unknown };
  const data = candidate.data ?? candidate.params;
  if (typeof candidate.widget !== 'string' || !CATALOG_WIDGETS.has(candidate.widget)) return undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  return { type: candidate.widget, data: data as Record<string, unknown> };
}
