import { describe, expect, it } from 'vitest';
import { createAutoUiServer } from './create-autoui-server.ts';
import { isPresentationTool, isWidgetDisplayTool, PRESENTATION_TOOLS } from './presentation-tools.ts';

describe("autoui's presentation tools", () => {
  it('are what the server registers as presentation tools, with their purposes', () => {
    expect(createAutoUiServer().layer().presentationTools).toEqual([
      { name: 'widget_display', purpose: 'show data as a widget' },
      { name: 'canvas', purpose: 'move, resize, update, style or clear widgets' },
    ]);
    expect(PRESENTATION_TOOLS.map((tool) => tool.name)).toEqual(['widget_display', 'canvas']);
  });

  it('are recognized bare or under a catalog prefix, and nothing else is', () => {
    expect(isWidgetDisplayTool('widget_display')).toBe(true);
    expect(isWidgetDisplayTool('autoui_webmcp_widget_display')).toBe(true);
    expect(isWidgetDisplayTool('autoui_webmcp_canvas')).toBe(false);
    expect(isWidgetDisplayTool('shop_mcp_mywidget_display')).toBe(false);
    expect(isPresentationTool('autoui_webmcp_canvas')).toBe(true);
    expect(isPresentationTool('canvas')).toBe(true);
    expect(isPresentationTool('autoui_webmcp_recall')).toBe(false);
    expect(isPresentationTool('shop_mcp_list_canvases')).toBe(false);
  });
});
