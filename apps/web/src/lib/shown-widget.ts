import { isWidgetDisplayTool } from '@switchboard/autoui';

/** The id of the widget a successful `widget_display` call put on the canvas (its result is `{"id": "w_…", …}`). */
export function shownWidget(toolName: string, result: string, failed: boolean): string | undefined {
  if (failed || !isWidgetDisplayTool(toolName)) return undefined;
  try {
    const id = (JSON.parse(result) as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
