import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { canvasEventFromAgentEvent, canvasEventFromLogEntry } from './canvas-event-from-agent-event.ts';

const custom = (name: string, value: unknown) =>
  ({ type: 'CUSTOM', name, value, timestamp: 0 }) as AgentEvent;

describe('canvasEventFromAgentEvent', () => {
  it('turns widget and canvas events into canvas events', () => {
    expect(
      canvasEventFromAgentEvent(
        custom('widget', { id: 'w_1', type: 'stat', data: { label: 'a', value: 1 }, toolCallId: 't' }),
      ),
    ).toEqual({
      type: 'add',
      id: 'w_1',
      widget: 'stat',
      data: { label: 'a', value: 1 },
    });
    const action = (action: string, params: unknown, id = 'w_1') =>
      canvasEventFromAgentEvent(custom('canvas', { action, id, params, toolCallId: 't' }));
    expect(action('clear', {})).toEqual({ type: 'clear' });
    expect(action('update', { value: 2 })).toEqual({ type: 'update', id: 'w_1', data: { value: 2 } });
    expect(action('move', { x: '10', y: 20 })).toEqual({ type: 'move', id: 'w_1', x: 10, y: 20 });
    expect(action('resize', { width: 300, height: 200 })).toEqual({
      type: 'resize',
      id: 'w_1',
      width: 300,
      height: 200,
    });
    expect(action('style', { styles: { color: 'red' } })).toEqual({
      type: 'style',
      id: 'w_1',
      style: { color: 'red' },
    });
    expect(action('style', { color: 'red' })).toEqual({ type: 'style', id: 'w_1', style: { color: 'red' } });
  });

  it('ignores other events and malformed values', () => {
    expect(
      canvasEventFromAgentEvent({ type: 'TEXT_MESSAGE_END', messageId: 'm', timestamp: 0 }),
    ).toBeUndefined();
    expect(canvasEventFromAgentEvent(custom('metrics', {}))).toBeUndefined();
    expect(canvasEventFromAgentEvent(custom('widget', { type: 'stat' }))).toBeUndefined();
    expect(
      canvasEventFromAgentEvent(custom('canvas', { action: 'explode', id: 'w_1', params: {} })),
    ).toBeUndefined();
  });

  it('decodes the stored canvas log ({kind, payload}) as it decodes the live events', () => {
    const log = [
      { kind: 'widget', payload: { id: 'w_1', type: 'stat', data: { label: 'a', value: 1 } } },
      { kind: 'canvas', payload: { action: 'move', id: 'w_1', params: { x: 5, y: 6 } } },
      { kind: 'canvas', payload: 'not an action' },
      { kind: 'widget', payload: null },
      { kind: 'metrics', payload: {} },
    ];
    expect(log.map(canvasEventFromLogEntry)).toEqual([
      { type: 'add', id: 'w_1', widget: 'stat', data: { label: 'a', value: 1 } },
      { type: 'move', id: 'w_1', x: 5, y: 6 },
      undefined,
      undefined,
      undefined,
    ]);
    expect(log.map(canvasEventFromLogEntry)).toEqual(
      log.map((entry) => canvasEventFromAgentEvent(custom(entry.kind, entry.payload))),
    );
  });
});
