import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { QueryResult } from '../storage/database.ts';
import { AuditTrail } from './audit-trail.ts';
import type { EndpointCallRecord } from './endpoint-call-record.ts';

/** A database that records each INSERT's row count and holds its answer until released. */
function heldDatabase() {
  const inserts: number[] = [];
  const pending: Array<() => void> = [];
  return {
    inserts,
    release: () => {
      for (const answer of pending.splice(0)) answer();
    },
    query: (_sql: string, params: unknown[] = []) => {
      inserts.push(params.length / 7);
      return new Promise<QueryResult<never>>((resolve) =>
        pending.push(() => resolve({ rows: [], rowCount: 0 })),
      );
    },
  };
}

/** Answers the database's INSERTs as they come until `done` settles. */
async function answerUntil(db: ReturnType<typeof heldDatabase>, done: Promise<void>): Promise<void> {
  let settled = false;
  void done.then(() => {
    settled = true;
  });
  while (!settled) {
    db.release();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const row = (tool: string): EndpointCallRecord => ({
  userId: 'alice',
  via: 'mcp',
  server: 'shop',
  tool,
  status: 'ok',
  elapsedMs: 1,
});
const silent = pino({ level: 'silent' });
/** Long enough that no timer fires during a test. */
const NEVER_MS = 3_600_000;

describe('AuditTrail', () => {
  it('keeps rows for their batch, and flush (as on close) writes them all in one INSERT', async () => {
    const db = heldDatabase();
    const audit = new AuditTrail(db, silent, { flushMs: NEVER_MS });
    await audit.record(row('a'));
    await audit.record(row('b'));
    await audit.record(row('c'));
    expect(db.inserts).toEqual([]);
    await answerUntil(db, audit.flush());
    expect(db.inserts).toEqual([3]);
  });

  it('writes a full batch at once, and rows queued meanwhile with the next', async () => {
    const db = heldDatabase();
    const audit = new AuditTrail(db, silent, { flushMs: NEVER_MS, batchRows: 2 });
    await audit.record(row('a'));
    await audit.record(row('b'));
    expect(db.inserts).toEqual([2]);
    await audit.record(row('c'));
    await answerUntil(db, audit.flush());
    expect(db.inserts).toEqual([2, 1]);
  });

  it('holds at most maxRows: the call that fills the buffer waits for a write to make room', async () => {
    const db = heldDatabase();
    const audit = new AuditTrail(db, silent, { flushMs: NEVER_MS, batchRows: 2, maxRows: 2 });
    await audit.record(row('a'));
    await audit.record(row('b')); // a full batch: its INSERT is held
    await audit.record(row('c'));
    let answered = false;
    const filling = audit.record(row('d')).then(() => {
      answered = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    expect(db.inserts).toEqual([2]);
    await answerUntil(db, filling);
    await answerUntil(db, audit.flush());
    expect(db.inserts).toEqual([2, 2]);
  });
});
