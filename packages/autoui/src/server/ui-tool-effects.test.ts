import type { CustomEventMap } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { createAutoUiServer } from './create-autoui-server.ts';

type Effect = { name: keyof CustomEventMap; value: unknown };

function recorder() {
  const effects: Effect[] = [];
  return {
    effects,
    context: {
      toolCallId: 't1',
      emit: (name: Effect['name'], value: unknown) => void effects.push({ name, value }),
    },
  };
}

describe('UI tool effects', () => {
  it('widget_display emits the widget it accepted, with its id and the call id', async () => {
    const { effects, context } = recorder();
    const shown = (await createAutoUiServer().executeTool(
      'widget_display',
      { name: 'stat', params: { label: 'Sales', value: 3 } },
      context,
    )) as { id: string };
    expect(effects).toEqual([
      {
        name: 'widget',
        value: { id: shown.id, type: 'stat', data: { label: 'Sales', value: 3 }, toolCallId: 't1' },
      },
    ]);
  });

  it('canvas emits an accepted action with its params as sent, and nothing for a rejected one', async () => {
    const { effects, context } = recorder();
    const server = createAutoUiServer();
    await server.executeTool('canvas', { action: 'move', id: 'w_1', params: { x: '10', y: 20 } }, context);
    await server.executeTool('canvas', { action: 'resize', id: 'w_1', params: { width: 'wide' } }, context);
    expect(effects).toEqual([
      { name: 'canvas', value: { action: 'move', id: 'w_1', params: { x: '10', y: 20 }, toolCallId: 't1' } },
    ]);
  });
});
