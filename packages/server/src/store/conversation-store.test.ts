import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import type { Database } from '../storage/database.ts';
import { migrate } from '../storage/migrate.ts';
import { createConversation, deleteConversation } from './conversation-store.ts';
import { insertMessages } from './message-store.ts';
import { insertStreamEvents, readStreamEvents } from './stream-event-store.ts';

describe('deleting a conversation', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestPglite();
    await migrate(db);
    await db.query("INSERT INTO users (id, name, role) VALUES ('ann', 'Ann', 'user'), ('bo', 'Bo', 'user')");
  });
  afterAll(() => db.close());

  const count = async (table: string, conversationId: string) =>
    (
      await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE conversation_id = $1`, [
        conversationId,
      ])
    ).rows[0].n;

  it('deletes its messages and stream, and keeps its usage records', async () => {
    const kept = await createConversation(db, 'ann', {});
    const doomed = await createConversation(db, 'ann', {});
    for (const conversation of [kept, doomed]) {
      await insertMessages(db, conversation.id, [{ role: 'user', content: 'hello' }], null);
      await insertStreamEvents(db, conversation.id, 'run_1', [
        { seq: 1, event: { type: 'RUN_STARTED', threadId: conversation.id, runId: 'run_1', timestamp: 1 } },
      ]);
      await db.query(
        `INSERT INTO usage (user_id, conversation_id, run_id, model, stop_reason, input_tokens, output_tokens,
           model_calls, tool_calls, elapsed_ms) VALUES ('ann', $1, 'run_1', 'm', 'end_turn', 1, 1, 1, 0, 1)`,
        [conversation.id],
      );
    }

    expect(await deleteConversation(db, 'bo', doomed.id)).toBe('missing');
    expect(await count('messages', doomed.id)).toBe(1);
    expect(await deleteConversation(db, 'ann', doomed.id)).toBe('deleted');

    expect(await count('messages', doomed.id)).toBe(0);
    expect(await count('stream_chunks', doomed.id)).toBe(0);
    expect(await count('usage', doomed.id)).toBe(1);
    expect(await count('messages', kept.id)).toBe(1);
    expect(await readStreamEvents(db, kept.id, 0, 10)).toHaveLength(1);
    expect(await deleteConversation(db, 'ann', doomed.id)).toBe('missing');
  });

  it('refuses while a turn holds it', async () => {
    const busy = await createConversation(db, 'ann', {});
    await db.query(
      "UPDATE conversations SET lease_owner = 'gw_1', lease_expires_at = now() + interval '1 minute' WHERE id = $1",
      [busy.id],
    );
    expect(await deleteConversation(db, 'ann', busy.id)).toBe('busy');
  });

  it('stores no stream events for a conversation that is gone', async () => {
    await insertStreamEvents(db, 'conv_gone', 'run_1', [
      { seq: 1, event: { type: 'RUN_STARTED', threadId: 'conv_gone', runId: 'run_1', timestamp: 1 } },
    ]);
    expect(await count('stream_chunks', 'conv_gone')).toBe(0);
  });
});
