import { describe, expect, it } from 'vitest';
import type { PgliteReply, PgliteRequest } from './pglite-protocol.ts';
import { PgliteRequestQueue } from './pglite-request-queue.ts';

/**
 * A queue over handlers that record what ran (statements run together as `[a+b]`), each request
 * taking a few event-loop turns; a statement `fail` fails, alone or with others.
 */
function recordingQueue() {
  const ran: string[] = [];
  const replies: PgliteReply[] = [];
  const label = (request: PgliteRequest) =>
    request.op === 'run' ? `${request.sql}${request.tx ? `@${request.tx}` : ''}` : `${request.op}`;
  const failure = () => Object.assign(new Error('boom'), { code: 'XX000' });
  const queue = new PgliteRequestQueue(
    {
      async one(request) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (request.op === 'run' && request.sql === 'fail') throw failure();
        ran.push(label(request));
        return { id: request.id, ok: true };
      },
      async together(statements) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (statements.some((statement) => statement.sql === 'fail')) throw failure();
        ran.push(`[${statements.map(label).join('+')}]`);
        return statements.map((statement) => ({ id: statement.id, ok: true as const }));
      },
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
    expect(ran.indexOf('maintain')).toBe(1_000);
  });

  it('runs statements with parameters that waited together as one transaction, answering each', async () => {
    const { queue, ran, replies, settled } = recordingQueue();
    queue.push({ id: 1, op: 'run', sql: 'a', params: [1] });
    queue.push({ id: 2, op: 'run', sql: 'b', params: [2] });
    queue.push({ id: 3, op: 'run', sql: 'script', params: [] });
    queue.push({ id: 4, op: 'run', sql: 'c', params: [3] });
    queue.push({ id: 5, op: 'begin', tx: 9 });
    queue.push({ id: 6, op: 'run', sql: 'in', params: [4], tx: 9 });
    queue.push({ id: 7, op: 'run', sql: 'd', params: [5] });
    queue.push({ id: 8, op: 'run', sql: 'e', params: [6] });
    queue.push({ id: 9, op: 'commit', tx: 9 });
    await settled(9);
    expect(ran).toEqual(['[a+b]', 'script', 'c', 'begin', 'in@9', 'commit', '[d+e]']);
    expect(replies.map((reply) => reply.id).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('runs a failed group again one statement at a time: only the failing one gets an error', async () => {
    const { queue, ran, replies, settled } = recordingQueue();
    queue.push({ id: 1, op: 'run', sql: 'a', params: [1] });
    queue.push({ id: 2, op: 'run', sql: 'fail', params: [2] });
    queue.push({ id: 3, op: 'run', sql: 'b', params: [3] });
    await settled(3);
    expect(ran).toEqual(['a', 'b']);
    expect(replies).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: false, error: { message: 'boom', code: 'XX000' } },
      { id: 3, ok: true },
    ]);
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
