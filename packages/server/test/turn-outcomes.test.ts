import { createOfflinePlanner } from '@switchboard/servers/offline-planner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/index.ts';
import { UNANSWERED_NOTES } from '../src/messages/from-api-messages.ts';
import { type FaultyDatabase, faultyDatabase } from './support/faulty-database.ts';
import { queuedModel } from './support/queued-model.ts';
import { type ShippedForGateway, startShippedForGateway } from './support/shipped-for-gateway.ts';
import { type TestDatabase, testBackends, testDatabase } from './support/test-database.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** Each message the model got as its text blocks. */
function textsOf(messages: ReadonlyArray<{ role: string; content: unknown }>): string[][] {
  return messages.map((message) =>
    typeof message.content === 'string'
      ? [message.content]
      : (message.content as Array<{ type: string; text?: string }>).map(
          (block) => block.text ?? `[${block.type}]`,
        ),
  );
}

describe.each(testBackends())('the newest message is the one answered (%s)', (backend) => {
  let shipped: ShippedForGateway;
  let gw: TestGateway;

  beforeAll(async () => {
    shipped = await startShippedForGateway(['calculator-storage']);
    gw = await startTestGateway(backend, { model: createOfflinePlanner(), ...shipped.gateway });
  });
  afterAll(async () => {
    await gw?.close();
    await shipped?.close();
  });

  const chat = (id: string, content: string) => gw.alice.post(`/conversations/${id}/chat`, { content });

  it('answers the chat, not a user message added by hand before it', async () => {
    const id = (await gw.alice.post('/conversations', {})).body.id as string;
    expect((await chat(id, 'what is 1 plus 2')).body.assistant_message.content).toContain('3');
    const added = await gw.alice.post(`/conversations/${id}/messages`, {
      role: 'user',
      content: 'what is 1 plus 68',
    });
    expect(added.status).toBe(201);
    const answer = await chat(id, 'what is 1 plus 3');
    expect(answer.body.assistant_message.content).toContain('Result: 4');
    expect(answer.body.assistant_message.content).not.toContain('69');
  });

  it('names the stored message of a turn that could not start, marks it failed and keeps it out of the next', async () => {
    const id = (await gw.alice.post('/conversations', {})).body.id as string;
    // A conversation stored with a model the operator has since withdrawn.
    await gw.gateway.services.db.query(`UPDATE conversations SET model = 'withdrawn' WHERE id = $1`, [id]);
    const refused = await chat(id, 'what is 1 plus 5');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'unknown_model',
      user_message: { role: 'user', content: 'what is 1 plus 5', unanswered: 'failed' },
    });
    const stored = (await gw.alice.get(`/conversations/${id}/messages`)).body.items;
    expect(stored).toEqual([refused.body.error.user_message]);

    await gw.gateway.services.db.query('UPDATE conversations SET model = NULL WHERE id = $1', [id]);
    expect((await chat(id, 'what is 1 plus 7')).body.assistant_message.content).toContain('Result: 8');
  });
});

describe.each(testBackends())('a turn whose save fails is told what storage holds (%s)', (backend) => {
  const model = queuedModel();
  let database: TestDatabase;
  let real: Database;
  let faulty: FaultyDatabase;
  let gw: TestGateway;

  beforeAll(async () => {
    database = await testDatabase(backend);
    real = await openDatabase(database.options);
    faulty = faultyDatabase(real);
    // A long lease: a conversation usable again at once was not waiting for it to expire.
    gw = await startTestGateway(backend, {
      model,
      database: faulty.db,
      leaseMs: 120_000,
      outcomeCheckMs: 300,
    });
  });
  afterAll(async () => {
    await gw?.close();
    await real?.close();
    await database?.cleanup();
  });

  const conversation = async () => (await gw.alice.post('/conversations', {})).body.id as string;
  const chat = (id: string, content: string) => gw.alice.post(`/conversations/${id}/chat`, { content });
  /** The stored messages, as the chat answers gave them (a reply with its turn's usage). */
  const messages = async (id: string) =>
    (await gw.alice.get(`/conversations/${id}/messages`)).body.items as Array<Record<string, unknown>>;

  it('a refused commit: not_saved, its message marked, the conversation free at once and the note sent on', async () => {
    const id = await conversation();
    model.enqueue({ text: 'Lost answer.' });
    faulty.failNextCommit('refused');
    const failed = await chat(id, 'Add milk to my cart');
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({
      success: false,
      stop_reason: 'not_saved',
      user_message: { content: 'Add milk to my cart', unanswered: 'not_saved' },
      error: { code: 'not_saved' },
    });
    expect(await messages(id)).toEqual([failed.body.user_message]);

    model.enqueue({ text: 'Added oat milk.' });
    const next = await chat(id, 'Add oat milk instead');
    expect(next.status).toBe(200);
    expect(textsOf(model.requests.at(-1)?.messages ?? [])).toEqual([
      ['Add milk to my cart', UNANSWERED_NOTES.not_saved, 'Add oat milk instead'],
    ]);
  });

  it('a commit whose answer was lost on the way back: the turn is told it was saved, and it was', async () => {
    const id = await conversation();
    model.enqueue({ text: 'Saved after all.' });
    faulty.failNextCommit('answer_lost');
    const answer = await chat(id, 'Hello');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, stop_reason: 'end_turn' });
    expect(await messages(id)).toEqual([answer.body.user_message, answer.body.assistant_message]);
    model.enqueue({ text: 'Again.' });
    expect((await chat(id, 'Again')).status).toBe(200);
  });

  it('the database gone after the commit: outcome_unknown with how to check, then free as soon as it answers', async () => {
    const id = await conversation();
    model.enqueue({ text: 'Unknown fate.' });
    faulty.failNextCommit('refused');
    faulty.downAfterCommit();
    const unknown = await chat(id, 'Are you there?');
    expect(unknown.status).toBe(500);
    expect(unknown.body).toMatchObject({
      stop_reason: 'outcome_unknown',
      error: { code: 'outcome_unknown' },
    });
    expect(unknown.body.error.message).toContain(`GET /conversations/${id}/messages`);
    faulty.up();
    model.enqueue({ text: 'Here.' });
    let next = await chat(id, 'Hello again');
    for (let tries = 0; next.status === 409 && tries < 50; tries++) {
      expect(next.headers.get('retry-after')).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 100));
      next = await chat(id, 'Hello again');
    }
    expect(next.status).toBe(200);
    const stored = await messages(id);
    expect(stored[0]).toMatchObject({ content: 'Are you there?', unanswered: 'not_saved' });
  });
});
