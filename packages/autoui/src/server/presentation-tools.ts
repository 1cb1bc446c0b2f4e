/** The tool that puts a widget on the canvas; its result names the widget's id. */
export const WIDGET_DISPLAY_TOOL = 'widget_display';

/** The tool that moves, resizes, updates, styles or clears the widgets on the canvas. */
export const CANVAS_TOOL = 'canvas';

/**
 * autoui's presentation tools (see core's `PresentationTool`), each with its purpose as the system
 * prompt's display step says it, in the order the prompt lists them.
 */
export const PRESENTATION_TOOLS = [
  { name: WIDGET_DISPLAY_TOOL, purpose: 'show data as a widget' },
  { name: CANVAS_TOOL, purpose: 'move, resize, update, style or clear widgets' },
] as const;

/** The purpose of one of autoui's presentation tools, by its bare name; undefined for its other tools. */
export function presentationPurpose(name: string): string | undefined {
  return PRESENTATION_TOOLS.find((tool) => tool.name === name)?.purpose;
}

/** The name of a tool as a catalog may prefix it: `autoui_webmcp_widget_display` ends in `_widget_display`. */
function named(toolName: string, name: string): boolean {
  return toolName === name || toolName.endsWith(`_${name}`);
}

/** True for `widget_display`, bare or prefixed (`autoui_webmcp_widget_display`). */
export function isWidgetDisplayTool(toolName: string): boolean {
  return named(toolName, WIDGET_DISPLAY_TOOL);
}

/** True for one of autoui's presentation tools (`widget_display`, `canvas`), bare or prefixed. */
export function isPresentationTool(toolName: string): boolean {
  return PRESENTATION_TOOLS.some((tool) => named(toolName, tool.name));
}
