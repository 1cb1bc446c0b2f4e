import { describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import { hashApiKey } from '../auth/api-keys.ts';
import { findUserByApiKey, listApiKeys } from '../store/api-key-store.ts';
import { upsertUser } from '../store/user-store.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations.ts';

describe('migration 4 (one index on messages; session version and tool turns)', () => {
  it('keeps every message and copies each session’s tool turns into its column', async () => {
    const db = await openTestPglite({ migrated: false });
    try {
      await migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 4),
      );
      await db.query("INSERT INTO users (id, name, role) VALUES ('u', 'U', 'user')");
      await db.query(
        `INSERT INTO conversations (id, user_id, session) VALUES
           ('busy', 'u', '{"toolTurns": 7}'), ('new', 'u', '{}')`,
      );
      await db.query(
        `INSERT INTO messages (id, conversation_id, role, content) VALUES
           ('m1', 'busy', 'user', 'one'), ('m2', 'new', 'user', 'two'), ('m3', 'busy', 'assistant', 'three')`,
      );

      expect(
        await migrate(
          db,
          MIGRATIONS.filter((migration) => migration.version <= 4),
        ),
      ).toEqual([4]);

      const conversations = await db.query(
        'SELECT id, tool_turns, session_version FROM conversations ORDER BY id',
      );
      expect(conversations.rows).toEqual([
        { id: 'busy', tool_turns: 7, session_version: 0 },
        { id: 'new', tool_turns: 0, session_version: 0 },
      ]);
      const busy = await db.query("SELECT id FROM messages WHERE conversation_id = 'busy' ORDER BY seq");
      expect(busy.rows).toEqual([{ id: 'm1' }, { id: 'm3' }]);
      const indexes = await db.query<{ indexname: string }>(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'messages' ORDER BY indexname",
      );
      expect(indexes.rows.map((row) => row.indexname)).toEqual(['messages_pkey']);
      await expect(
        db.query(
          "INSERT INTO messages (id, conversation_id, role, content, seq) VALUES ('m4', 'busy', 'user', 'x', 1)",
        ),
      ).rejects.toThrow(/duplicate key/);
    } finally {
      await db.close();
    }
  });
});

describe('migration 11 (OAuth subjects of users created through the API)', () => {
  it('gives each subject to one user and forgets a deleted user’s subjects', async () => {
    const db = await openTestPglite({ migrated: false });
    try {
      await migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 11),
      );
      await db.query("INSERT INTO users (id, name, role) VALUES ('u', 'U', 'user'), ('v', 'V', 'user')");
      expect(
        await migrate(
          db,
          MIGRATIONS.filter((migration) => migration.version <= 11),
        ),
      ).toEqual([11]);
      await db.query("INSERT INTO user_oauth_subjects (subject, user_id) VALUES ('sso|u', 'u')");
      await expect(
        db.query("INSERT INTO user_oauth_subjects (subject, user_id) VALUES ('sso|u', 'v')"),
      ).rejects.toThrow(/duplicate key/);
      await db.query("DELETE FROM users WHERE id = 'u'");
      expect((await db.query('SELECT subject FROM user_oauth_subjects')).rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('migration 18 (several named API keys per user, disabled users)', () => {
  it("keeps each user's one key working, now a named key of theirs, and a configured key is not doubled", async () => {
    const db = await openTestPglite({ migrated: false });
    try {
      await migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version < 18),
      );
      await db.query(
        "INSERT INTO users (id, name, role, api_key_hash) VALUES ('u', 'U', 'user', $1), ('v', 'V', 'admin', $2), ('w', 'W', 'user', NULL)",
        [hashApiKey('sk-u'), hashApiKey('sk-v')],
      );
      expect(await migrate(db, MIGRATIONS)).toEqual([18]);
      expect(await findUserByApiKey(db, 'sk-u')).toEqual({ id: 'u', name: 'U', role: 'user' });
      expect(await findUserByApiKey(db, 'sk-v')).toEqual({ id: 'v', name: 'V', role: 'admin' });
      expect((await listApiKeys(db, 'u')).map((key) => [key.name, key.configured])).toEqual([
        ['first key', false],
      ]);
      expect(await listApiKeys(db, 'w')).toEqual([]);

      // The configuration names v's key: it becomes the configured key, not a second one.
      await upsertUser(db, { id: 'v', name: 'V', role: 'admin', apiKey: 'sk-v' });
      const [configured] = await listApiKeys(db, 'v');
      expect([configured.name, configured.configured]).toEqual(['configuration', true]);
      // The next start keeps it as it is; a new key in the configuration replaces it.
      await upsertUser(db, { id: 'v', name: 'V', role: 'admin', apiKey: 'sk-v' });
      expect(await listApiKeys(db, 'v')).toEqual([configured]);
      await upsertUser(db, { id: 'v', name: 'V', role: 'admin', apiKey: 'sk-v2' });
      expect(await findUserByApiKey(db, 'sk-v')).toBeUndefined();
      expect((await findUserByApiKey(db, 'sk-v2'))?.id).toBe('v');
      await upsertUser(db, { id: 'v', name: 'V', role: 'admin', apiKey: 'sk-v' });
      expect((await findUserByApiKey(db, 'sk-v'))?.id).toBe('v');
      await db.query("UPDATE users SET disabled = true WHERE id = 'u'");
      expect(await findUserByApiKey(db, 'sk-u')).toBeUndefined();
    } finally {
      await db.close();
    }
  });
});
