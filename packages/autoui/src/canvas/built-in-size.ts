import { MCP_APP_WIDGET } from '../mcp-apps/mcp-app-types.ts';
import { BUILT_IN_WIDGETS } from '../widgets/all-widgets.ts';
import { FALLBACK_WIDGET_SIZE, type WidgetSize } from '../widgets/widget-definition.ts';

const SIZES: ReadonlyMap<string, WidgetSize> = new Map([
  ...BUILT_IN_WIDGETS.map((widget): [string, WidgetSize] => [widget.name, widget.size]),
  // MCP Apps are whole pages: give them room (the app scrolls inside its block when it needs more).
  [MCP_APP_WIDGET, { width: 480, height: 460 }],
]);

/** The default canvas size of a built-in widget type or an MCP App ({@link FALLBACK_WIDGET_SIZE} for others). */
export function builtInSize(type: string): WidgetSize {
  return SIZES.get(type) ?? FALLBACK_WIDGET_SIZE;
}
