import { describe, expect, it } from 'vitest';
import type { AgentEventInput } from '../types/events.ts';
import type { LanguageModel } from '../types/model.ts';
import { runModelStep } from './model-step.ts';

describe('runModelStep', () => {
  it('turns an adapter retry into a model_retry CUSTOM event while it waits', async () => {
    const model: LanguageModel = {
      id: 'test:retrying',
      async *stream() {
        yield {
          type: 'retry',
          attempt: 1,
          waitMs: 2000,
          reason: 'rate_limit',
          errorType: 'rate_limit_exceeded',
        };
        yield { type: 'retry', attempt: 2, waitMs: 500, reason: 'connection' };
        yield { type: 'text_delta', text: 'Hi' };
        yield { type: 'finish', reason: 'end_turn' };
      },
    };
    const events: AgentEventInput[] = [];
    const result = await runModelStep(
      model,
      { system: '', messages: [], tools: [], signal: new AbortController().signal },
      (event) => events.push(event),
    );
    expect(result).toMatchObject({ text: 'Hi', finish: 'end_turn' });
    expect(events.filter((event) => event.type === 'CUSTOM')).toEqual([
      {
        type: 'CUSTOM',
        name: 'model_retry',
        value: { attempt: 1, waitMs: 2000, reason: 'rate_limit', vendorType: 'rate_limit_exceeded' },
      },
      { type: 'CUSTOM', name: 'model_retry', value: { attempt: 2, waitMs: 500, reason: 'connection' } },
    ]);
  });
});
