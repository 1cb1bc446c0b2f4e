import { describe, expect, it } from 'vitest';
import { readWidgetHint } from './read-widget-hint.ts';

describe('readWidgetHint', () => {
  it("reads widget_display's {widget, data} and a display tool's {widget, params}", () => {
    expect(readWidgetHint({ widget: 'stat', data: { value: 1 }, id: 'w_1' })).toEqual({
      type: 'stat',
      data: { value: 1 },
    });
    expect(readWidgetHint({ widget: 'table', params: { rows: [] } })).toEqual({
      type: 'table',
      data: { rows: [] },
    });
  });

  it('gives undefined for anything else', () => {
    expect(readWidgetHint({ widget: 'stat' })).toBeUndefined();
    expect(readWidgetHint({ widget: 3, data: {} })).toBeUndefined();
    expect(readWidgetHint({ widget: 'stat', data: null })).toBeUndefined();
    expect(readWidgetHint('{"widget":"stat"}')).toBeUndefined();
    expect(readWidgetHint(null)).toBeUndefined();
  });
});
