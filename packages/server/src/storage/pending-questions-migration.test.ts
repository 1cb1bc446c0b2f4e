import { describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations.ts';

describe("migration 12 (servers' questions of turns and direct calls in one table)", () => {
  it("keeps the direct calls' questions and ties a turn's to its conversation", async () => {
    const db = await openTestPglite({ migrated: false });
    try {
      await migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 12),
      );
      await db.query("INSERT INTO users (id, name, role) VALUES ('u', 'U', 'user')");
      await db.query(
        "INSERT INTO direct_call_elicitations (request_id, user_id, expires_at) VALUES ('el_1', 'u', now())",
      );
      expect(
        await migrate(
          db,
          MIGRATIONS.filter((migration) => migration.version <= 12),
        ),
      ).toEqual([12]);
      expect((await db.query('SELECT request_id, conversation_id FROM pending_questions')).rows).toEqual([
        { request_id: 'el_1', conversation_id: null },
      ]);
      await db.query("INSERT INTO conversations (id, user_id, session) VALUES ('c', 'u', '{}')");
      await db.query(
        "INSERT INTO pending_questions (request_id, user_id, conversation_id, expires_at) VALUES ('el_2', 'u', 'c', now())",
      );
      await db.query("DELETE FROM conversations WHERE id = 'c'");
      expect((await db.query('SELECT request_id FROM pending_questions')).rows).toEqual([
        { request_id: 'el_1' },
      ]);
      expect((await db.query("SELECT to_regclass('interaction_answers') AS t")).rows).toEqual([{ t: null }]);
    } finally {
      await db.close();
    }
  });
});
