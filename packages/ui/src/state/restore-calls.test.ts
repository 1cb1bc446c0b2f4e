import { describe, expect, it } from 'vitest';
import { restoreCalls } from './restore-calls.ts';
import { NO_TURN_CALLS } from './turn-calls.ts';

describe('restoreCalls', () => {
  it('gives stored calls their chips by turn, without times, and each widget the call it shows', () => {
    const restored = restoreCalls([
      { turnId: 'u1', id: 'c1', name: 'calc_mcp_calculate', args: { a: 5 }, result: '8' },
      {
        turnId: 'u1',
        id: 'c2',
        name: 'autoui_webmcp_widget_display',
        args: {},
        result: '{}',
        widgetId: 'w1',
      },
      { turnId: 'u2', id: 'c3', name: 'shop_mcp_checkout', args: {}, result: '', error: 'no cart' },
      {
        turnId: 'u2',
        id: 'c4',
        name: 'autoui_webmcp_widget_display',
        args: {},
        result: '{}',
        widgetId: 'w2',
      },
      { turnId: 'u3', id: 'c5', name: 'shop_mcp_get_cart', args: {}, result: '[]', elapsedMs: 40 },
    ]);
    expect(restored.calls.u1).toEqual([
      { id: 'c1', name: 'calc_mcp_calculate', args: { a: 5 }, result: '8' },
      { id: 'c2', name: 'autoui_webmcp_widget_display', args: {}, result: '{}' },
    ]);
    expect(restored.calls.u2?.[0]).toMatchObject({ id: 'c3', error: 'no cart' });
    expect(restored.calls.u3?.[0]?.elapsedMs).toBe(40);
    // A failed call is no widget's source, and a new turn forgets the last turn's call.
    expect(restored.sources.byWidget).toEqual({ w1: { name: 'calc_mcp_calculate', args: { a: 5 } } });
  });

  it('restores nothing from no calls', () => {
    expect(restoreCalls([]).calls).toBe(NO_TURN_CALLS);
  });
});
