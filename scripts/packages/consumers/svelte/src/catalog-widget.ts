import { BUILT_IN_WIDGETS, type BuiltInWidgetName, validateWidget, WidgetCatalog } from '@switchboard/autoui';
import { SchemaValidator } from '@switchboard/core';

/** A widget of the catalog with its example data, checked against its schema as the agent's would be. */
export function catalogWidget(name: BuiltInWidgetName): { type: string; data: Record<string, unknown> } {
  const definition = BUILT_IN_WIDGETS.find((widget) => widget.name === name);
  if (!definition) throw new Error(`no widget ${name} in the catalog`);
  const checked = validateWidget(new WidgetCatalog(), new SchemaValidator(), name, definition.example);
  if (!checked.ok) throw new Error(`the example of ${name} does not validate: ${JSON.stringify(checked)}`);
  return { type: checked.name, data: checked.params };
}
