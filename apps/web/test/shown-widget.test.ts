import { describe, expect, it } from 'vitest';
import { shownWidget } from '../src/lib/shown-widget.ts';

describe('shownWidget', () => {
  it("reads the widget id from a successful widget_display call's result only", () => {
    expect(shownWidget('autoui_webmcp_widget_display', '{"id":"w_1","widget":"stat"}', false)).toBe('w_1');
    expect(shownWidget('widget_display', '{"id":"w_1"}', true)).toBeUndefined();
    expect(shownWidget('shop_mcp_get_cart', '{"id":"w_1"}', false)).toBeUndefined();
    expect(shownWidget('widget_display', 'not json', false)).toBeUndefined();
  });
});
