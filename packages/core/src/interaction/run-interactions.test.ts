import { describe, expect, test } from 'vitest';
import { createScriptedModel } from '../testing/scripted-model.ts';
import type { AgentEvent } from '../types/events.ts';
import { RunInteractions } from './run-interactions.ts';

describe('RunInteractions', () => {
  test("a server's log message during the run becomes a server_log event for the agent console", () => {
    const events: AgentEvent[] = [];
    const interactions = new RunInteractions(createScriptedModel([]), (event) => events.push(event));
    interactions.serverRequests.onLog?.({ level: 'warning', logger: 'indexer', data: { done: 3 } }, 'files');
    expect(events).toMatchObject([
      {
        type: 'CUSTOM',
        name: 'server_log',
        value: { server: 'files', level: 'warning', logger: 'indexer', data: { done: 3 } },
      },
    ]);
  });

  test('with sampling refused, the run offers no sampling to its servers', () => {
    const interactions = new RunInteractions(createScriptedModel([]), () => {}, { sampling: false });
    expect(interactions.serverRequests.sampling).toBeUndefined();
    expect(interactions.answerSampling('x', true)).toBe(false);
    expect(interactions.serverRequests.elicitation).toBeTypeOf('function');
  });
});
