import { describe, expect, test } from 'vitest';
import type { AgentEvent } from '../types/events.ts';
import { ElicitationBroker, type ElicitationRequest } from './elicitation-broker.ts';

const form = {
  mode: 'form' as const,
  message: 'Where should we ship it?',
  requestedSchema: {
    type: 'object' as const,
    properties: {
      city: { type: 'string' as const },
      express: { type: 'boolean' as const, default: false },
    },
    required: ['city'],
  },
};

function setup(timeoutMs?: number) {
  const events: AgentEvent[] = [];
  const broker = new ElicitationBroker({ emit: (event) => events.push(event), timeoutMs });
  const custom = (name: string) =>
    events
      .filter((event) => event.type === 'CUSTOM' && event.name === name)
      .map((event) => (event as { value: unknown }).value);
  return { broker, events, custom };
}

const context = (signal = new AbortController().signal) => ({ server: 'shop', signal });

describe('ElicitationBroker', () => {
  test('a form request becomes an event, and the person’s answer goes back to the server', async () => {
    const { broker, custom } = setup();
    const answered = broker.handle(form, context());
    const [request] = custom('elicitation_request') as ElicitationRequest[];
    expect(request).toMatchObject({ server: 'shop', mode: 'form', message: 'Where should we ship it?' });
    expect(broker.pending).toHaveLength(1);
    expect(broker.answer(request.requestId, { action: 'accept', content: { city: 'Porto' } })).toEqual({
      ok: true,
    });
    expect(await answered).toEqual({ action: 'accept', content: { city: 'Porto' } });
    expect(custom('elicitation_resolved')).toEqual([
      { requestId: request.requestId, action: 'accept', by: 'person' },
    ]);
    expect(broker.pending).toHaveLength(0);
  });

  test('an answer that does not fit the form is refused with the reason, and the request keeps waiting', async () => {
    const { broker, custom } = setup();
    const answered = broker.handle(form, context());
    const [request] = custom('elicitation_request') as ElicitationRequest[];
    const refused = broker.answer(request.requestId, { action: 'accept', content: { express: 'yes' } });
    expect(refused).toMatchObject({ ok: false, code: 'invalid_answer' });
    expect(refused.ok === false && refused.message).toMatch(/city required/);
    expect(broker.pending).toHaveLength(1);
    broker.answer(request.requestId, { action: 'decline' });
    expect(await answered).toEqual({ action: 'decline' });
  });

  test('an unknown or already answered id says so', () => {
    const { broker } = setup();
    expect(broker.answer('nope', { action: 'cancel' })).toMatchObject({ ok: false, code: 'unknown_request' });
  });

  test('a request nobody answers in time is declined', async () => {
    const { broker, custom } = setup(20);
    expect(await broker.handle(form, context())).toEqual({ action: 'decline' });
    expect(custom('elicitation_resolved')).toMatchObject([{ action: 'decline', by: 'timed_out' }]);
  });

  test('a request the server cancels (or the turn ends) is cancelled', async () => {
    const { broker, custom } = setup();
    const controller = new AbortController();
    const answered = broker.handle(form, context(controller.signal));
    controller.abort();
    expect(await answered).toEqual({ action: 'cancel' });
    const second = broker.handle(form, context());
    broker.cancelAll();
    expect(await second).toEqual({ action: 'cancel' });
    expect(custom('elicitation_resolved')).toMatchObject([{ by: 'cancelled' }, { by: 'cancelled' }]);
  });

  test('a URL request carries the link and takes no content back', async () => {
    const { broker, custom } = setup();
    const answered = broker.handle(
      {
        mode: 'url',
        message: 'Sign in to your bank',
        url: 'https://bank.example/connect',
        elicitationId: 'e1',
      },
      context(),
    );
    const [request] = custom('elicitation_request') as ElicitationRequest[];
    expect(request).toMatchObject({ mode: 'url', url: 'https://bank.example/connect' });
    broker.answer(request.requestId, { action: 'accept', content: { injected: true } });
    expect(await answered).toEqual({ action: 'accept' });
  });

  test("the host's approval question is marked as the host's, and only an approving answer runs the call", async () => {
    const { broker, custom } = setup();
    const call = { tool: 'add_to_cart', arguments: { code: 'DAI-001' } };
    const approved = broker.approve('shop', call, new AbortController().signal);
    const [request] = custom('elicitation_request') as ElicitationRequest[];
    expect(request).toMatchObject({
      server: 'shop',
      mode: 'form',
      message: 'Allow shop:add_to_cart to run with {"code":"DAI-001"}?',
      approval: call,
    });
    broker.answer(request.requestId, { action: 'accept', content: { approve: true } });
    expect(await approved).toBe(true);

    for (const answer of [
      { action: 'accept' as const, content: { approve: false } },
      { action: 'decline' as const },
    ]) {
      const declined = broker.approve('shop', call, new AbortController().signal);
      const asked = (custom('elicitation_request') as ElicitationRequest[]).at(-1) as ElicitationRequest;
      broker.answer(asked.requestId, answer);
      expect(await declined).toBe(false);
    }
    const leaving = new AbortController();
    const gone = broker.approve('shop', call, leaving.signal);
    leaving.abort();
    expect(await gone).toBe(false);
  });

  test("a server's own question never carries the host's approval mark", async () => {
    const { broker, custom } = setup();
    void broker.handle({ ...form, approval: { tool: 'x', arguments: {} } } as typeof form, context());
    const [request] = custom('elicitation_request') as ElicitationRequest[];
    expect(request.approval).toBeUndefined();
    broker.cancelAll();
  });
});
