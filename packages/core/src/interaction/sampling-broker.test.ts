import { describe, expect, test } from 'vitest';
import { createScriptedModel } from '../testing/scripted-model.ts';
import type { AgentEvent } from '../types/events.ts';
import type { LanguageModel } from '../types/model.ts';
import { SamplingBroker, type SamplingRequest } from './sampling-broker.ts';

const params = {
  messages: [
    { role: 'user' as const, content: { type: 'text' as const, text: 'Summarize: the cart has 3 milks' } },
  ],
  systemPrompt: 'Be brief.',
  maxTokens: 50_000,
};

function setup(model: LanguageModel, approval: 'ask' | 'allow' = 'ask') {
  const events: AgentEvent[] = [];
  const broker = new SamplingBroker({ model, emit: (event) => events.push(event), approval, maxTokens: 200 });
  const custom = (name: string) =>
    events
      .filter((event) => event.type === 'CUSTOM' && event.name === name)
      .map((event) => (event as { value: unknown }).value);
  return { broker, custom };
}
const context = { server: 'notes', signal: new AbortController().signal };

describe('SamplingBroker', () => {
  test('after the person approves, the conversation’s model answers within the token limit', async () => {
    const model = createScriptedModel([{ text: 'Three milks.' }]);
    const { broker, custom } = setup(model);
    const answered = broker.handle(params, context);
    const [request] = custom('sampling_request') as SamplingRequest[];
    expect(request).toMatchObject({
      server: 'notes',
      needsApproval: true,
      maxTokens: 200,
      systemPrompt: 'Be brief.',
      messages: [{ role: 'user', text: 'Summarize: the cart has 3 milks' }],
    });
    expect(model.requests).toHaveLength(0);
    expect(broker.answer(request.requestId, true)).toBe(true);
    expect(await answered).toMatchObject({
      role: 'assistant',
      model: 'scripted:test',
      content: { type: 'text', text: 'Three milks.' },
    });
    expect(model.requests[0]).toMatchObject({ system: 'Be brief.', maxTokens: 200, tools: [] });
    expect(custom('sampling_resolved')).toMatchObject([{ outcome: 'answered', text: 'Three milks.' }]);
  });

  test('a refused request never reaches the model and fails for the server', async () => {
    const model = createScriptedModel([{ text: 'never' }]);
    const { broker, custom } = setup(model);
    const answered = broker.handle(params, context);
    const [request] = custom('sampling_request') as SamplingRequest[];
    broker.answer(request.requestId, false);
    await expect(answered).rejects.toThrow(/refused/);
    expect(model.requests).toHaveLength(0);
    expect(custom('sampling_resolved')).toMatchObject([{ outcome: 'refused' }]);
  });

  test('with approval set to allow, the model answers at once', async () => {
    const { broker } = setup(createScriptedModel([{ text: 'ok' }]), 'allow');
    expect(await broker.handle(params, context)).toMatchObject({ content: { text: 'ok' } });
  });

  test('the offline planner declines with a message that says why', async () => {
    const planner: LanguageModel = { id: 'offline:planner', kind: 'planner', stream: async function* () {} };
    const { broker } = setup(planner);
    await expect(broker.handle(params, context)).rejects.toThrow(/not a language model/);
  });

  test('a model failure reaches the server as an error and the console as failed', async () => {
    const { broker, custom } = setup(createScriptedModel([{ error: 'overloaded' }]), 'allow');
    await expect(broker.handle(params, context)).rejects.toThrow(/overloaded/);
    expect(custom('sampling_resolved')).toMatchObject([{ outcome: 'failed' }]);
  });

  test('answers with the retried reply alone when the first broke off mid-stream', async () => {
    const model: LanguageModel = {
      id: 'test:broken-then-whole',
      async *stream() {
        yield { type: 'text_delta', text: 'Three mi' };
        yield { type: 'retry', attempt: 1, waitMs: 1, reason: 'connection' };
        yield { type: 'text_delta', text: 'Three milks.' };
        yield { type: 'finish', reason: 'end_turn' };
      },
    };
    const { broker } = setup(model, 'allow');
    expect(await broker.handle(params, context)).toMatchObject({ content: { text: 'Three milks.' } });
  });
});
