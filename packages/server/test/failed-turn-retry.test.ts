import type { ChatMessage } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedModel } from './support/queued-model.ts';
import { testBackends } from './support/test-database.ts';
import type { TestGateway } from './support/test-gateway.ts';
import { startQueuedGateway } from './support/tools-gateway.ts';

/** Each message the model got as [role, its text]. */
function texts(messages: readonly ChatMessage[]): string[][] {
  return messages.map((message) => [
    message.role,
    typeof message.content === 'string'
      ? message.content
      : message.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(''),
  ]);
}

describe.each(testBackends())('a message after a failed turn (%s)', (backend) => {
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    ({ model, gateway: gw } = await startQueuedGateway(backend));
  });
  afterAll(() => gw?.close());

  /** A conversation whose first turn failed: the model answered its message with an error. */
  const failedConversation = async (content: string) => {
    const id = (await gw.alice.post('/conversations', {})).body.id as string;
    const failed = await gw.alice.post(`/conversations/${id}/chat`, { content });
    expect(failed.body).toMatchObject({
      success: false,
      stop_reason: 'error',
      user_message: { content, unanswered: 'failed' },
    });
    return id;
  };

  it('sends a retried message to the model once, not the failed copy with it', async () => {
    const id = await failedConversation('Add milk to my cart');
    model.enqueue({ text: 'Added.' });
    const retried = await gw.alice.post(`/conversations/${id}/chat`, { content: 'Add milk to my cart' });
    expect(retried.body).toMatchObject({ success: true, stop_reason: 'end_turn' });
    expect(texts(model.requests.at(-1)?.messages ?? [])).toEqual([['user', 'Add milk to my cart']]);
    const transcript = (await gw.alice.get(`/conversations/${id}/messages`)).body.items as Array<{
      role: string;
      content: string;
      unanswered?: string;
    }>;
    expect(transcript.map((message) => [message.role, message.content, message.unanswered])).toEqual([
      ['user', 'Add milk to my cart', 'failed'],
      ['user', 'Add milk to my cart', undefined],
      ['assistant', 'Added.', undefined],
    ]);
  });

  it('replaces the failed message with a different one, and keeps answered history', async () => {
    const id = (await gw.alice.post('/conversations', {})).body.id as string;
    model.enqueue({ text: 'Hello.' });
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'Hi' });
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'Add milk to my cart' });
    model.enqueue({ text: 'Added oat milk.' });
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'Add oat milk instead' });
    expect(texts(model.requests.at(-1)?.messages ?? [])).toEqual([
      ['user', 'Hi'],
      ['assistant', 'Hello.'],
      ['user', 'Add oat milk instead'],
    ]);
  });
});
