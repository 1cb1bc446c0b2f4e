import type { SchemaValidator, WebMcpToolInput } from '@switchboard/core';
import type { WidgetCatalog } from '../catalog/widget-catalog.ts';
import type { RemovedUrl } from '../sanitize/sanitize-widget-urls.ts';
import { sanitizeWidgetUrls } from '../sanitize/sanitize-widget-urls.ts';
import type { UrlPolicy } from '../sanitize/url-policy.ts';
import { validateWidget } from '../validation/validate-widget.ts';
import { WIDGET_DISPLAY_TOOL } from './presentation-tools.ts';
import { toolError } from './tool-error.ts';
import { newWidgetId } from './widget-id.ts';

/** What `widget_display` returns for a widget it accepted. */
export interface DisplayedWidget {
  widget: string;
  data: Record<string, unknown>;
  id: string;
  /** URLs that were removed from the params, and why. */
  removed_urls?: RemovedUrl[];
}

/**
 * The `widget_display` tool: resolve the widget (aliases too) → validate the params against its schema
 * (on failure an error result `{error:'Validation failed', details, expected_schema}`) → sanitize every
 * URL → emit the `widget` event (see `ToolCallContext.emit`) and return `{widget, data, id}`.
 */
export function widgetDisplayTool(
  catalog: WidgetCatalog,
  validator: SchemaValidator,
  policy: UrlPolicy,
): WebMcpToolInput {
  return {
    name: WIDGET_DISPLAY_TOOL,
    title: 'Display a widget',
    description:
      'Show data on the canvas as a widget. Pass the widget `name` and its `params`. To choose one, call ' +
      'search_recipes with what you want to show (or list_recipes for every widget and when to use it); ' +
      'read its params schema and an example with get_recipe, or send your best guess: a wrong shape returns ' +
      'the expected schema. Returns the widget id for the canvas tool. Use only URLs that came from tool ' +
      `results. Widgets: ${catalog.names.join(', ')}.`,
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: `Widget name: ${catalog.names.join(', ')}` },
        params: { type: 'object', description: "The widget's params, as its schema describes" },
      },
      required: ['name', 'params'],
    },
    // Adds a widget to the person's canvas: a change, but only ever an addition, and only to what they see.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    execute: (input, context) => {
      const outcome = validateWidget(catalog, validator, input.name, input.params);
      if (!outcome.ok) {
        const { ok: _ok, ...body } = outcome;
        return toolError(body);
      }
      const { params, removed } = sanitizeWidgetUrls(outcome.definition, outcome.params, policy, (name) =>
        catalog.get(name),
      );
      const displayed: DisplayedWidget = { widget: outcome.name, data: params, id: newWidgetId() };
      if (removed.length > 0) displayed.removed_urls = removed;
      context.emit?.('widget', {
        id: displayed.id,
        type: displayed.widget,
        data: params,
        toolCallId: context.toolCallId ?? '',
      });
      return displayed;
    },
  };
}
