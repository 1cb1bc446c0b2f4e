import { describe, expect, it } from 'vitest';
import type { PgliteReply, PgliteRequest } from './pglite-protocol.ts';
import { PgliteRequestQueue } from './pglite-request-queue.ts';

/** A queue over a handler that records what ran, each request taking a few event-loop turns. */
function recordingQueue() {
  const ran: string[] = [];
  const replies: PgliteReply[] = [];
  const label = (request: PgliteRequest) =>
    request.op === 'run' ? `${request.sql}${request.tx ? `@${request.tx}` : ''}` : `${request.op}`;
  const queue = new PgliteRequestQueue(
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (request.op === 'run' && request.sql === 'fail')
        throw Object.assign(new Error('boom'), { code: 'XX000' });
      ran.push(label(request));
      return { id: request.id, ok: true };
    },
    (reply) => replies.push(reply),
  );
  const settled = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (replies.length >= count ? resolve() : setTimeout(check, 1));
      check();
    });
  return { queue, ran, replies, settled };
}

describe('PgliteRequestQueue', () => {
  it('runs requests one at a time in the order they came', async () => {
    const { queue, ran, replies, settled } = recordingQueue();
    queue.push({ id: 1, op: 'run', sql: 'a', params: [] });
    queue.push({ id: 2, op: 'run', sql: 'b', params: [] });
    queue.push({ id: 3, op: 'run', sql: 'c', params: [] });
    await settled(3);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(replies.map((reply) => reply.id)).toEqual([1, 2, 3]);
  });

  it('gives an open transaction the connection to itself: other requests wait until it ends', async () => {
    const { queue, ran, settled } = recordingQueue();
    queue.push({ id: 1, op: 'begin', tx: 7 });
    queue.push({ id: 2, op: 'run', sql: 'outside', params: [] });
    queue.push({ id: 3, op: 'run', sql: 'inside', params: [], tx: 7 });
    queue.push({ id: 4, op: 'begin', tx: 8 });
    queue.push({ id: 5, op: 'commit', tx: 7 });
    queue.push({ id: 6, op: 'run', sql: 'second', params: [], tx: 8 });
    queue.push({ id: 7, op: 'rollback', tx: 8 });
    await settled(7);
    expect(ran).toEqual(['begin', 'inside@7', 'commit', 'outside', 'begin', 'second@8', 'rollback']);
  });

  it('answers a failing request with its error, PostgreSQL fields kept, and goes on', async () => {
    const { queue, ran, replies, settled } = recordingQueue();
    queue.push({ id: 1, op: 'run', sql: 'fail', params: [] });
    queue.push({ id: 2, op: 'run', sql: 'next', params: [] });
    await settled(2);
    expect(replies[0]).toEqual({ id: 1, ok: false, error: { message: 'boom', code: 'XX000' } });
    expect(ran).toEqual(['next']);
  });

  it('runs background requests once nothing else waits, never inside a transaction', async () => {
    const { queue, ran, settled } = recordingQueue();
    queue.push({ id: 1, op: 'begin', tx: 2 });
    queue.pushBackground({ id: 2, op: 'maintain' });
    queue.push({ id: 3, op: 'run', sql: 'a', params: [] });
    queue.push({ id: 4, op: 'run', sql: 'in', params: [], tx: 2 });
    queue.push({ id: 5, op: 'commit', tx: 2 });
    queue.push({ id: 6, op: 'run', sql: 'b', params: [] });
    await settled(6);
    expect(ran).toEqual(['begin', 'in@2', 'commit', 'a', 'b', 'maintain']);
  });

  it('runs a background request after at most a thousand others, however busy', async () => {
    const { queue, ran, settled } = recordingQueue();
    queue.push({ id: 1, op: 'run', sql: 'first', params: [] });
    queue.pushBackground({ id: 2, op: 'maintain' });
    for (let id = 3; id <= 1_100; id++) queue.push({ id, op: 'run', sql: `s${id}`, params: [] });
    await settled(1_100);
    expect(ran.indexOf('maintain')).toBe(1_001);
  });

  it('refuses a statement of a transaction that is already over', async () => {
    const { queue, replies, settled } = recordingQueue();
    queue.push({ id: 1, op: 'begin', tx: 3 });
    queue.push({ id: 2, op: 'commit', tx: 3 });
    queue.push({ id: 3, op: 'run', sql: 'late', params: [], tx: 3 });
    await settled(3);
    expect(replies[2]).toMatchObject({
      id: 3,
      ok: false,
      error: { message: expect.stringMatching(/is over/) },
    });
  });
});
