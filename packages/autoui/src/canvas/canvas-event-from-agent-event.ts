import type { AgentEvent } from '@switchboard/core';
import { isPlainObject } from '@switchboard/core';
import type { CanvasAction } from '../effects/ui-effects.ts';
import type { CanvasEvent } from './canvas-types.ts';

/**
 * The canvas change an agent event carries: the CUSTOM `widget` event adds a block, the CUSTOM `canvas`
 * event clears, updates, moves, resizes or styles one. Other events give undefined. The same function
 * serves a live stream and a replay of persisted events, so both produce the same canvas.
 */
export function canvasEventFromAgentEvent(event: AgentEvent): CanvasEvent | undefined {
  if (event.type !== 'CUSTOM') return undefined;
  return canvasEventFromLogEntry({ kind: event.name, payload: event.value });
}

/**
 * The canvas change one entry of a conversation's stored canvas log makes (the gateway keeps each
 * `widget` and `canvas` event as its name, `kind`, and its value, `payload`): the same decoding as
 * {@link canvasEventFromAgentEvent}, so a restored canvas is the one the stream built.
 */
export function canvasEventFromLogEntry(entry: { kind: string; payload: unknown }): CanvasEvent | undefined {
  if (entry.kind === 'widget') {
    const widget = isPlainObject(entry.payload) ? entry.payload : undefined;
    if (typeof widget?.id !== 'string' || typeof widget.type !== 'string') return undefined;
    return {
      type: 'add',
      id: widget.id,
      widget: widget.type,
      data: isPlainObject(widget.data) ? widget.data : {},
    };
  }
  if (entry.kind === 'canvas' && isPlainObject(entry.payload))
    return canvasEventFromAction(entry.payload as Pick<CanvasAction, 'action' | 'id' | 'params'>);
  return undefined;
}

/** Decodes one `canvas` tool action (the `canvas` event's value) into the canvas change it makes. */
export function canvasEventFromAction(
  action: Pick<CanvasAction, 'action' | 'id' | 'params'>,
): CanvasEvent | undefined {
  const params = isPlainObject(action?.params) ? action.params : {};
  if (action?.action === 'clear') return { type: 'clear' };
  const id = action?.id;
  if (typeof id !== 'string') return undefined;
  switch (action.action) {
    case 'update':
      return { type: 'update', id, data: params };
    case 'move':
      return { type: 'move', id, x: Number(params.x), y: Number(params.y) };
    case 'resize':
      return { type: 'resize', id, width: Number(params.width), height: Number(params.height) };
    case 'style':
      return { type: 'style', id, style: isPlainObject(params.styles) ? params.styles : params };
    default:
      return undefined;
  }
}
