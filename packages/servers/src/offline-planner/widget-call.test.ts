import type { ProviderTool } from '@switchboard/core';
import { describe, expect, test } from 'vitest';
import { acceptedWidgets, widgetDisplayInput, widgetForResult } from './widget-call.ts';

const display = (properties: Record<string, unknown>): ProviderTool => ({
  name: 'autoui_webmcp_widget_display',
  description: 'Show a widget.',
  input_schema: { type: 'object', properties, required: Object.keys(properties) },
});

describe('widget calls', () => {
  test('the display input uses the tool own field names, {name, params} by default', () => {
    const widget = { name: 'stat', params: { label: 'Sum', value: 8 } };
    expect(widgetDisplayInput(display({ name: {}, params: {} }), widget)).toEqual({
      name: 'stat',
      params: widget.params,
    });
    expect(widgetDisplayInput(display({ type: {}, data: {} }), widget)).toEqual({
      type: 'stat',
      data: widget.params,
    });
  });

  test('the accepted widget names come from the name enum', () => {
    expect(
      acceptedWidgets(display({ name: { type: 'string', enum: ['table', 'text'] }, params: {} })),
    ).toEqual(['table', 'text']);
    expect(acceptedWidgets(display({ name: { type: 'string' }, params: {} }))).toBeUndefined();
  });

  test("a result's own {widget, params} is shown as is when accepted, else re-chosen from its params", () => {
    const prepared = {
      widget: 'cards',
      params: {
        items: [
          { id: 'A', title: 'Milk' },
          { id: 'B', title: 'Bread' },
        ],
      },
    };
    expect(widgetForResult(prepared, {})).toEqual({ name: 'cards', params: prepared.params });
    expect(widgetForResult(prepared, { allowed: ['table'] })).toMatchObject({ name: 'table' });
  });
});
