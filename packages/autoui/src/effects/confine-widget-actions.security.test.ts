import { describe, expect, it } from 'vitest';
import { confineWidgetActions } from './confine-widget-actions.ts';

const own = (tool: string) => tool.startsWith('deals_mcp_');
const buttons = [
  { label: 'Claim', tool: 'shop_mcp_add_to_cart', args: { code: 'X' } },
  { label: 'More', tool: 'deals_mcp_lookup_offers' },
  { label: 'Ask', message: 'Tell me more' },
  { label: 'Odd', tool: 42 },
];
const kept = [
  { label: 'More', tool: 'deals_mcp_lookup_offers' },
  { label: 'Ask', message: 'Tell me more' },
];

/** `widget` nested `levels` times, in grids and tabs by turns. */
function nest(widget: { name: string; params: Record<string, unknown> }, levels: number) {
  let nested = widget;
  for (let level = 0; level < levels; level++)
    nested =
      level % 2 === 0
        ? {
            name: 'grid',
            params: { items: [{ widget: { name: 'stat', params: { value: 1 } } }, { widget: nested }] },
          }
        : { name: 'tabs', params: { tabs: [{ label: 'x', widget: nested }] } };
  return { type: nested.name, data: nested.params };
}

describe("confineWidgetActions keeps a result's buttons to its own server", () => {
  it('drops buttons calling tools the host refuses, keeps its own tools and messages', () => {
    const hint = { type: 'actions', data: { title: 'Deals', buttons } };
    expect(confineWidgetActions(hint, own)).toEqual({
      type: 'actions',
      data: { title: 'Deals', buttons: kept },
    });
    expect(hint.data.buttons).toHaveLength(4);
  });

  it('confines the buttons of widgets nested in grids and tabs', () => {
    const hint = nest({ name: 'actions', params: { buttons } }, 3);
    expect(confineWidgetActions(hint, own)).toEqual(nest({ name: 'actions', params: { buttons: kept } }, 3));
    expect(JSON.stringify(hint)).toContain('shop_mcp_add_to_cart');
  });

  it('reads no widget from a result nesting deeper than the catalog allows', () => {
    expect(confineWidgetActions(nest({ name: 'actions', params: { buttons } }, 5), own)).toBeUndefined();
    expect(confineWidgetActions(nest({ name: 'actions', params: { buttons } }, 20_000), own)).toBeUndefined();
  });
});
