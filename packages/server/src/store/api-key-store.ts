import { hashApiKey, newApiKey } from '../auth/api-keys.ts';
import type { User } from '../auth/user.ts';
import type { Queryable } from '../storage/database.ts';
import { newId } from './new-id.ts';

/** One of a user's API keys as administrators see it: never the key, nor its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** The key comes from the gateway configuration (`users[].apiKey`): revoke it there. */
  configured: boolean;
  created_at: string;
  /** When a request last authenticated with it (within about 10 s: replicas remember keys that long); null: never. */
  last_used_at: string | null;
}

const VIEW_COLUMNS = `id, name, configured,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
  to_char(last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_used_at`;

/** Issues a user a new named API key: the key is returned this once and stored only hashed. */
export async function issueApiKey(
  db: Queryable,
  userId: string,
  name: string,
): Promise<{ view: ApiKeyView; key: string }> {
  const key = newApiKey();
  const { rows } = await db.query<ApiKeyView>(
    `INSERT INTO api_keys (id, user_id, name, key_hash) VALUES ($1, $2, $3, $4) RETURNING ${VIEW_COLUMNS}`,
    [newId('key'), userId, name, hashApiKey(key)],
  );
  return { view: rows[0] as ApiKeyView, key };
}

/** A user's API keys, oldest first. */
export async function listApiKeys(db: Queryable, userId: string): Promise<ApiKeyView[]> {
  const { rows } = await db.query<ApiKeyView>(
    `SELECT ${VIEW_COLUMNS} FROM api_keys WHERE user_id = $1 ORDER BY seq`,
    [userId],
  );
  return rows;
}

/** One of a user's API keys, or undefined (another user's key is nobody's here). */
export async function findApiKey(
  db: Queryable,
  userId: string,
  keyId: string,
): Promise<ApiKeyView | undefined> {
  const { rows } = await db.query<ApiKeyView>(
    `SELECT ${VIEW_COLUMNS} FROM api_keys WHERE user_id = $1 AND id = $2`,
    [userId, keyId],
  );
  return rows[0];
}

/** Deletes one of a user's API keys: requests with it are refused from then on. */
export async function revokeApiKey(db: Queryable, userId: string, keyId: string): Promise<void> {
  await db.query('DELETE FROM api_keys WHERE user_id = $1 AND id = $2', [userId, keyId]);
}

/**
 * Makes `key` the user's configured key (`users[].apiKey`): kept as it is (when it was created and
 * last used) while the configuration names the same key; else replacing the one configured before
 * and a row already holding the same key (a key issued before the configuration named it). None:
 * the configuration names no key for them any more. Another user's key is refused (unique).
 */
export async function setConfiguredApiKey(
  db: Queryable,
  userId: string,
  key: string | undefined,
): Promise<void> {
  const hash = key === undefined ? null : hashApiKey(key);
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM api_keys WHERE user_id = $1 AND configured AND key_hash = $2',
    [userId, hash],
  );
  if (rows.length > 0) return;
  await db.query('DELETE FROM api_keys WHERE user_id = $1 AND (configured OR key_hash = $2)', [userId, hash]);
  if (hash === null) return;
  // Replicas starting together seed the same key at once: the one that comes second finds it there.
  const inserted = await db.query(
    `INSERT INTO api_keys (id, user_id, name, key_hash, configured) VALUES ($1, $2, 'configuration', $3, true)
     ON CONFLICT (key_hash) DO NOTHING RETURNING id`,
    [newId('key'), userId, hash],
  );
  if (inserted.rows.length > 0) return;
  const holder = await db.query<{ user_id: string }>('SELECT user_id FROM api_keys WHERE key_hash = $1', [
    hash,
  ]);
  if (holder.rows[0]?.user_id !== userId)
    throw new Error(`the configured API key of user "${userId}" is already another user's key`);
}

/**
 * The user an API key belongs to, when they are not disabled; notes that the key was used (each
 * replica asks again after its cache's few seconds, so `last_used_at` is that precise).
 */
export async function findUserByApiKey(db: Queryable, apiKey: string): Promise<User | undefined> {
  const { rows } = await db.query<User>(
    `WITH used AS (UPDATE api_keys SET last_used_at = now() WHERE key_hash = $1 RETURNING user_id)
     SELECT u.id, u.name, u.role FROM users u JOIN used ON used.user_id = u.id WHERE NOT u.disabled`,
    [hashApiKey(apiKey)],
  );
  const [row] = rows;
  return row ? { id: row.id, name: row.name, role: row.role } : undefined;
}
