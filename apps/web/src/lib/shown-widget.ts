/** The tool that puts a widget on the canvas; its result names the widget's id. */
const DISPLAY = /(?:^|_)widget_display$/;

/** The id of the widget a successful `widget_display` call put on the canvas (its result is `{"id": "w_…", …}`). */
export function shownWidget(toolName: string, result: string, failed: boolean): string | undefined {
  if (failed || !DISPLAY.test(toolName)) return undefined;
  try {
    const id = (JSON.parse(result) as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
