import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import type { Database } from '../storage/database.ts';
import { migrate } from '../storage/migrate.ts';
import { MIGRATIONS } from '../storage/migrations.ts';
import type { SequencedEvent, StreamEvent } from './stream-event.ts';
import { chunkOf, insertStreamEvents, readStreamEvents } from './stream-event-store.ts';

const event = (n: number): StreamEvent => ({
  type: 'TEXT_MESSAGE_CONTENT',
  messageId: 'm',
  delta: `part ${n}`,
  timestamp: n,
});
const numbered = (from: number, to: number): SequencedEvent[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ seq: from + index, event: event(from + index) }));

async function withConversation(db: Database): Promise<void> {
  await db.query("INSERT INTO users (id, name, role) VALUES ('u', 'U', 'user')");
  await db.query("INSERT INTO conversations (id, user_id, session) VALUES ('c', 'u', '{}')");
}

describe('stream events', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestPglite();
    await migrate(db);
    await withConversation(db);
    await insertStreamEvents(db, 'c', 'run_1', numbered(1, 3));
    await insertStreamEvents(db, 'c', 'run_1', numbered(4, 4));
    await insertStreamEvents(db, 'c', 'run_2', numbered(5, 9));
  });
  afterAll(() => db.close());

  it('reads every event after a seq, in order, across chunks', async () => {
    expect(await readStreamEvents(db, 'c', 0, 100)).toEqual(numbered(1, 9));
    expect(await readStreamEvents(db, 'c', 2, 100)).toEqual(numbered(3, 9));
    expect(await readStreamEvents(db, 'c', 6, 100)).toEqual(numbered(7, 9));
    expect(await readStreamEvents(db, 'c', 9, 100)).toEqual([]);
  });

  it('stops at the limit, even inside a chunk', async () => {
    expect(await readStreamEvents(db, 'c', 1, 4)).toEqual(numbered(2, 5));
    expect(await readStreamEvents(db, 'c', 0, 0)).toEqual([]);
  });

  it('refuses a chunk whose events are not numbered consecutively', () => {
    expect(() => chunkOf([...numbered(1, 2), ...numbered(4, 4)])).toThrow(/consecutively/);
    expect(chunkOf(numbered(7, 8))).toMatchObject({ first: 7, last: 8 });
  });
});

describe('migration 2 (stream events in chunks)', () => {
  it('keeps the events stored one per row before it', async () => {
    const db = await openTestPglite({ migrated: false });
    try {
      await migrate(db, MIGRATIONS.slice(0, 1));
      await withConversation(db);
      for (const { seq, event: stored } of numbered(1, 3))
        await db.query(
          "INSERT INTO stream_events (conversation_id, seq, run_id, event) VALUES ('c', $1, 'run_1', $2::jsonb)",
          [seq, JSON.stringify(stored)],
        );
      expect(await migrate(db)).toEqual(MIGRATIONS.slice(1).map((migration) => migration.version));
      expect(await readStreamEvents(db, 'c', 1, 100)).toEqual(numbered(2, 3));
    } finally {
      await db.close();
    }
  });
});
