import type { ProviderTool } from '@switchboard/core';
import { isPlainObject } from '@switchboard/core';
import { type ChooseWidgetOptions, chooseWidget, type WidgetChoice } from './choose-widget.ts';
import { schemaProperties } from './schema-properties.ts';

/** The widget names a display tool accepts (its name property's enum), or undefined for any. */
export function acceptedWidgets(tool: ProviderTool): string[] | undefined {
  const name = schemaProperties(tool.input_schema).find((property) => property.name === widgetNameKey(tool));
  return name?.choices?.filter((choice): choice is string => typeof choice === 'string');
}

/**
 * The widget for a tool result: the result's own `{widget, params}` when a tool already prepared one
 * (and the display tool accepts it), else one chosen from the result's shape.
 */
export function widgetForResult(value: unknown, options: ChooseWidgetOptions): WidgetChoice | undefined {
  if (isPlainObject(value) && typeof value.widget === 'string' && isPlainObject(value.params)) {
    if (options.allowed === undefined || options.allowed.includes(value.widget)) {
      return { name: value.widget, params: value.params };
    }
    return chooseWidget(value.params, options);
  }
  return chooseWidget(value, options);
}

/** The input of a display tool for a widget: `{name, params}`, or the tool's own names for those fields. */
export function widgetDisplayInput(tool: ProviderTool, widget: WidgetChoice): Record<string, unknown> {
  const keys = schemaProperties(tool.input_schema).map((property) => property.name);
  const paramsKey = ['params', 'data', 'props'].find((key) => keys.includes(key)) ?? 'params';
  return { [widgetNameKey(tool)]: widget.name, [paramsKey]: widget.params };
}

function widgetNameKey(tool: ProviderTool): string {
  const keys = schemaProperties(tool.input_schema).map((property) => property.name);
  return ['name', 'widget', 'type'].find((key) => keys.includes(key)) ?? 'name';
}
