import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { testBackends } from './support/test-database.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/**
 * `GET /conversations?q=` searches the caller's own conversations only, by title and message text,
 * reading the query as plain text: LIKE's wildcards and escape match themselves, nothing from it
 * becomes a pattern or a regular expression, and a query built to backtrack answers at once.
 */
describe.each(testBackends())('conversation search (%s)', (backend) => {
  let gw: TestGateway;
  let model: QueuedModel;

  beforeAll(async () => {
    model = queuedModel();
    gw = await startTestGateway(backend, { model, limits: { requestsPerMinute: 1000 } });
  });

  afterAll(() => gw?.close());

  /** A conversation of `client` titled `title` whose one turn says `text` and gets `reply`. */
  const conversation = async (client: TestGateway['alice'], title: string, text?: string) => {
    const { id } = (await client.post('/conversations', { title })).body as { id: string };
    if (text) {
      model.enqueue({ text: `About ${title}.` });
      expect((await client.post(`/conversations/${id}/chat`, { content: text })).status).toBe(200);
    }
    return id;
  };
  const search = async (client: TestGateway['alice'], query: string) => {
    const reply = await client.get(`/conversations?q=${encodeURIComponent(query)}`);
    expect(reply.status).toBe(200);
    return (reply.body.items as Array<{ id: string }>).map((item) => item.id).sort();
  };

  it("finds the caller's conversations by title and message text, never another user's", async () => {
    const budget = await conversation(gw.alice, 'Budget 2026', 'rent and groceries');
    const trip = await conversation(gw.alice, 'Trip', 'train tickets to Lyon');
    const bobs = await conversation(gw.bob, 'Budget of Bob', 'groceries and train tickets');
    expect(await search(gw.alice, 'budget')).toEqual([budget]);
    expect(await search(gw.alice, 'GROCERIES')).toEqual([budget]);
    expect(await search(gw.alice, 'lyon')).toEqual([trip]);
    expect(await search(gw.bob, 'groceries')).toEqual([bobs]);
    expect(await search(gw.bob, 'lyon')).toEqual([]);
  });

  it('reads %, _ and \\ as themselves, not as wildcards or an escape', async () => {
    const percent = await conversation(gw.alice, 'Discount 50% off');
    const underscore = await conversation(gw.alice, 'file_name.txt');
    const backslash = await conversation(gw.alice, 'C:\\temp');
    await conversation(gw.alice, 'Discount 50 percent off');
    await conversation(gw.alice, 'filename txt');
    expect(await search(gw.alice, '50%')).toEqual([percent]);
    expect(await search(gw.alice, 'file_name')).toEqual([underscore]);
    expect(await search(gw.alice, '%')).toEqual([percent]);
    expect(await search(gw.alice, '_')).toEqual([underscore]);
    expect(await search(gw.alice, ':\\t')).toEqual([backslash]);
    expect(await search(gw.alice, '\\')).toEqual([backslash]);
  });

  it('answers a query written to make a backtracking matcher run for minutes like any other', async () => {
    await conversation(gw.alice, 'a'.repeat(60));
    expect(await search(gw.alice, `${'(a+)+'.repeat(20)}$!`)).toEqual([]);
    expect(await search(gw.alice, `${'%_'.repeat(200)}!`)).toEqual([]);
  });
});
