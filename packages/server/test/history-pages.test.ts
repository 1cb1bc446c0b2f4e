import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedModel } from './support/queued-model.ts';
import { testBackends } from './support/test-database.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

describe.each(testBackends())('a long history read in pages (%s)', (backend) => {
  let gw: TestGateway;
  let id: string;
  /** The messages added, in order: `message 0` … `message 6`. */
  let ids: string[];

  beforeAll(async () => {
    gw = await startTestGateway(backend, { model: queuedModel() });
    id = (await gw.alice.post('/conversations', {})).body.id;
    ids = [];
    for (let index = 0; index < 7; index++)
      ids.push(
        (await gw.alice.post(`/conversations/${id}/messages`, { role: 'user', content: `message ${index}` }))
          .body.id,
      );
  });
  afterAll(async () => {
    await gw?.close();
  });

  const page = async (query: string) => {
    const reply = await gw.alice.get(`/conversations/${id}/messages?${query}`);
    expect(reply.status).toBe(200);
    return {
      contents: reply.body.items.map((item: { content: string }) => item.content),
      previous: reply.body.previous_cursor,
      next: reply.body.next_cursor,
    };
  };

  it('lists the newest page first and the pages before it by their cursors, each in order', async () => {
    const newest = await page('newest=true&limit=3');
    expect(newest).toEqual({
      contents: ['message 4', 'message 5', 'message 6'],
      previous: ids[4],
      next: null,
    });
    const before = await page(`before=${newest.previous}&limit=3`);
    expect(before).toEqual({
      contents: ['message 1', 'message 2', 'message 3'],
      previous: ids[1],
      next: ids[3],
    });
    expect(await page(`before=${before.previous}&limit=3`)).toEqual({
      contents: ['message 0'],
      previous: null,
      next: ids[0],
    });
  });

  it('lists pages forward from the start by next_cursor, and a range between two cursors', async () => {
    const first = await page('limit=4');
    expect(first).toEqual({
      contents: ['message 0', 'message 1', 'message 2', 'message 3'],
      previous: null,
      next: ids[3],
    });
    expect(await page(`after=${first.next}&limit=4`)).toEqual({
      contents: ['message 4', 'message 5', 'message 6'],
      previous: ids[4],
      next: null,
    });
    expect((await page(`after=${ids[1]}&before=${ids[5]}&newest=false&limit=2`)).contents).toEqual([
      'message 2',
      'message 3',
    ]);
    expect((await page('')).contents).toHaveLength(7);
  });

  it('refuses a cursor that is not a message of the conversation, and limits out of range', async () => {
    const other = (await gw.alice.post('/conversations', {})).body.id;
    const foreign = (await gw.alice.post(`/conversations/${other}/messages`, { role: 'user', content: 'x' }))
      .body.id;
    for (const query of [`before=${foreign}`, 'after=msg_missing', 'limit=0', 'limit=10001', 'newest=yes']) {
      const reply = await gw.alice.get(`/conversations/${id}/messages?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error.code).toBe('invalid_request');
    }
  });

  it('lists the canvas log in pages by next_cursor', async () => {
    for (let index = 0; index < 5; index++)
      await gw.gateway.services.db.query(
        `INSERT INTO canvas_events (conversation_id, run_id, kind, payload) VALUES ($1, 'run_1', 'widget', $2)`,
        [id, JSON.stringify({ id: `w_${index}`, type: 'stat', data: { value: index } })],
      );
    const widgets: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const reply = await gw.alice.get(
        `/conversations/${id}/canvas?limit=2${cursor ? `&after=${cursor}` : ''}`,
      );
      expect(reply.status).toBe(200);
      widgets.push(...reply.body.items.map((item: { payload: { id: string } }) => item.payload.id));
      cursor = reply.body.next_cursor;
      pages++;
    } while (cursor);
    expect(widgets).toEqual(['w_0', 'w_1', 'w_2', 'w_3', 'w_4']);
    expect(pages).toBe(3);
    expect((await gw.alice.get(`/conversations/${id}/canvas`)).body).toMatchObject({ next_cursor: null });
    for (const query of ['limit=0', 'limit=1001', 'after=-1', 'after=x'])
      expect((await gw.alice.get(`/conversations/${id}/canvas?${query}`)).status, query).toBe(400);
  });
});
