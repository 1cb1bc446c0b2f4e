import type { SchemaValidator, WebMcpToolInput } from '@switchboard/core';
import type { CanvasBlock } from '../canvas/canvas-types.ts';
import type { WidgetCatalog } from '../catalog/widget-catalog.ts';
import type { CanvasActionName } from '../effects/ui-effects.ts';
import { sanitizeStyle } from '../sanitize/sanitize-style.ts';
import { sanitizeWidgetUrls } from '../sanitize/sanitize-widget-urls.ts';
import type { UrlPolicy } from '../sanitize/url-policy.ts';
import { validateWidget } from '../validation/validate-widget.ts';
import { CANVAS_TOOL } from './presentation-tools.ts';
import { isToolError, toolError } from './tool-error.ts';

/** Reads the current canvas, so the tool can check ids and validate updates against the widget's schema. */
export type CanvasLookup = (id: string) => Pick<CanvasBlock, 'type' | 'data'> | undefined;

const ACTIONS: readonly CanvasActionName[] = ['clear', 'update', 'move', 'resize', 'style'];

/**
 * The `canvas` tool: clear the canvas, or update, move, resize or style one widget by id. It checks the
 * action's params (numbers for move/resize, safe CSS for style, the widget schema for update when a
 * canvas lookup is given) and emits the accepted action as the `canvas` event (see `ToolCallContext.emit`).
 */
export function canvasTool(
  catalog: WidgetCatalog,
  validator: SchemaValidator,
  policy: UrlPolicy,
  lookup: CanvasLookup | undefined,
): WebMcpToolInput {
  return {
    name: CANVAS_TOOL,
    title: 'Arrange the canvas',
    description:
      "Change the canvas: `clear` removes every widget; `update` merges `params` into a widget's params; " +
      '`move` takes params {x, y} and `resize` {width, height} in pixels; `style` takes CSS declarations ' +
      '{"background-color": "#fef3c7", "border-radius": "12px"} (colours, borders, fonts, padding, opacity). ' +
      '`id` is the id widget_display returned.',
    inputSchema: {
      type: 'object',
      properties: {
        action: { enum: [...ACTIONS], description: 'What to do' },
        id: { type: 'string', description: 'The widget id (every action but clear)' },
        params: { type: 'object', description: "The action's parameters" },
      },
      required: ['action'],
    },
    // `clear` removes every widget and `update` replaces params: destructive, though only of what the canvas shows.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    execute: (input, context) => {
      const result = checkAction(catalog, validator, policy, lookup, input);
      if (!isToolError(result)) {
        const action = input.action as CanvasActionName;
        const id = typeof input.id === 'string' ? input.id : undefined;
        const params = (
          typeof input.params === 'object' && input.params !== null ? input.params : {}
        ) as Record<string, unknown>;
        context.emit?.('canvas', { action, id, params, toolCallId: context.toolCallId ?? '' });
      }
      return result;
    },
  };
}

/** The `canvas` tool's answer to one call: its result, or a tool error. */
function checkAction(
  catalog: WidgetCatalog,
  validator: SchemaValidator,
  policy: UrlPolicy,
  lookup: CanvasLookup | undefined,
  input: Record<string, unknown>,
): unknown {
  const action = input.action as CanvasActionName;
  const params = (input.params ?? {}) as Record<string, unknown>;
  if (action === 'clear') return { ok: true, action };
  const id = input.id;
  if (typeof id !== 'string' || id === '')
    return toolError(`Error: canvas action "${action}" needs the widget id`);
  const block = lookup?.(id);
  if (lookup && !block) return toolError(`Error: no widget "${id}" on the canvas`);
  switch (action) {
    case 'move':
      return numbersOrError(action, id, params, ['x', 'y']);
    case 'resize':
      return numbersOrError(action, id, params, ['width', 'height']);
    case 'style': {
      const { style, rejected } = sanitizeStyle(params.styles ?? params);
      if (Object.keys(style).length === 0) return toolError(`Error: no usable style: ${rejected.join('; ')}`);
      return { ok: true, action, id, style, ...(rejected.length > 0 ? { ignored: rejected } : {}) };
    }
    case 'update': {
      if (!block) return { ok: true, action, id };
      const outcome = validateWidget(catalog, validator, block.type, { ...block.data, ...params });
      if (!outcome.ok) {
        const { ok: _ok, ...body } = outcome;
        return toolError(body);
      }
      const { removed } = sanitizeWidgetUrls(outcome.definition, outcome.params, policy, (name) =>
        catalog.get(name),
      );
      if (removed.length > 0) return toolError({ error: 'URLs not allowed', removed_urls: removed });
      return { ok: true, action, id };
    }
  }
}

function numbersOrError(
  action: string,
  id: string,
  params: Record<string, unknown>,
  keys: string[],
): unknown {
  const bad = keys.filter(
    (key) => !Number.isFinite(Number(params[key])) || params[key] === null || params[key] === '',
  );
  if (bad.length > 0)
    return toolError(
      `Error: ${action} needs numeric params ${keys.join(' and ')} (missing or not numbers: ${bad.join(', ')})`,
    );
  return { ok: true, action, id, ...Object.fromEntries(keys.map((key) => [key, Number(params[key])])) };
}
