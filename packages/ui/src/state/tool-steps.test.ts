import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { applyToolStepEvent, type ToolStep } from './tool-steps.ts';

const at = (event: Record<string, unknown>) => ({ timestamp: 1, ...event }) as AgentEvent;
const start = (id: string, name: string) =>
  at({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name });
const progress = (value: Record<string, unknown>) => at({ type: 'CUSTOM', name: 'tool_progress', value });
const fold = (events: AgentEvent[], steps: ToolStep[] = []) => events.reduce(applyToolStepEvent, steps);

describe('applyToolStepEvent', () => {
  it('follows a call from its start through its progress to its result', () => {
    const running = fold([
      start('a', 'everything_mcp_trigger-long-running-operation'),
      start('b', 'calc_mcp_add'),
      progress({ toolCallId: 'a', progress: 1, total: 5 }),
      progress({ toolCallId: 'a', progress: 2, total: 5, message: 'step 2' }),
    ]);
    expect(running).toEqual([
      {
        toolCallId: 'a',
        name: 'everything_mcp_trigger-long-running-operation',
        progress: 2,
        total: 5,
        message: 'step 2',
      },
      { toolCallId: 'b', name: 'calc_mcp_add' },
    ]);
    const done = fold(
      [at({ type: 'TOOL_CALL_RESULT', messageId: 'm', toolCallId: 'a', content: 'ok', role: 'tool' })],
      running,
    );
    expect(done).toEqual([{ toolCallId: 'b', name: 'calc_mcp_add' }]);
  });

  it('drops a total and message that are no longer reported (indeterminate progress)', () => {
    const steps = fold([
      start('a', 'slow'),
      progress({ toolCallId: 'a', progress: 1, total: 4, message: 'one' }),
      progress({ toolCallId: 'a', progress: 7 }),
    ]);
    expect(steps).toEqual([{ toolCallId: 'a', name: 'slow', progress: 7 }]);
  });

  it('ignores progress of calls it does not know and malformed reports', () => {
    const steps = fold([start('a', 'slow')]);
    expect(fold([progress({ toolCallId: 'z', progress: 1 }), progress({ toolCallId: 'a' })], steps)).toBe(
      steps,
    );
  });

  it('clears the steps when the run ends', () => {
    const steps = fold([start('a', 'slow')]);
    expect(applyToolStepEvent(steps, at({ type: 'RUN_ERROR', message: 'x' }))).toEqual([]);
    expect(
      applyToolStepEvent(
        steps,
        at({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', result: { stopReason: 'end_turn' } }),
      ),
    ).toEqual([]);
  });

  it('drops the calls of a reply that broke off, so a retried reply starts them afresh', () => {
    const discarded = at({
      type: 'CUSTOM',
      name: 'model_output_discarded',
      value: { messageId: 'm1', toolCallIds: ['toolu_2'], reason: 'retry' },
    });
    const steps = fold([start('toolu_1', 'calc_mcp_add'), start('toolu_2', 'calc_mcp_add'), discarded]);
    expect(steps).toEqual([{ toolCallId: 'toolu_1', name: 'calc_mcp_add' }]);
    expect(fold([start('toolu_2', 'calc_mcp_add')], steps)).toEqual([
      { toolCallId: 'toolu_1', name: 'calc_mcp_add' },
      { toolCallId: 'toolu_2', name: 'calc_mcp_add' },
    ]);
  });
});
