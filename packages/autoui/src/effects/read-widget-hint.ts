/** A widget a tool result names, ready for the renderer. */
export interface WidgetHint {
  /** The widget name in the catalog. */
  type: string;
  data: Record<string, unknown>;
}

/**
 * The widget a tool result names: `{widget, data}` (what `widget_display` returns) or `{widget, params}`
 * (what a server's tool returns for the UI to show, as `widget_display` would take it). `data` wins
 * when both are there. Anything else gives undefined.
 */
export function readWidgetHint(value: unknown): WidgetHint | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as { widget?: unknown; data?: unknown; params?: unknown };
  const data = candidate.data ?? candidate.params;
  if (typeof candidate.widget !== 'string' || typeof data !== 'object' || data === null) return undefined;
  return { type: candidate.widget, data: data as Record<string, unknown> };
}
