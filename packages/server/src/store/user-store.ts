import type { User, UserSeed } from '../auth/user.ts';
import type { Queryable } from '../storage/database.ts';
import { issueApiKey, setConfiguredApiKey } from './api-key-store.ts';
import { newId } from './new-id.ts';

/** A user as administrators see them: with whether they are disabled and when they were created. */
export interface UserRecord extends User {
  disabled: boolean;
  created_at: string;
}

/** Creates a user with a first API key (named "first key"); the key is returned once and stored only hashed. */
export async function createUser(
  db: Queryable,
  input: { name: string; role: User['role']; id?: string },
): Promise<{ user: User; apiKey: string }> {
  const user: User = { id: input.id ?? newId('user'), name: input.name, role: input.role };
  await db.query('INSERT INTO users (id, name, role) VALUES ($1, $2, $3)', [user.id, user.name, user.role]);
  const { key } = await issueApiKey(db, user.id, 'first key');
  return { user, apiKey: key };
}

/** Creates or updates a configured user (name, role and key, or its absence, follow the configuration). */
export async function upsertUser(db: Queryable, seed: UserSeed): Promise<void> {
  await db.query(
    `INSERT INTO users (id, name, role) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role`,
    [seed.id, seed.name, seed.role],
  );
  await setConfiguredApiKey(db, seed.id, seed.apiKey);
}

/** Ensures a user exists without a key (the local user of an open, loopback-only gateway). */
export async function ensureKeylessUser(db: Queryable, user: User): Promise<void> {
  await db.query('INSERT INTO users (id, name, role) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
    user.id,
    user.name,
    user.role,
  ]);
}

/** The user with this id, disabled or not (administrators' view). */
export async function findUserById(db: Queryable, id: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>(
    `SELECT id, name, role, disabled, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
     FROM users WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** The user with this id when they may call the gateway (not disabled): whom an access token is. */
export async function findActiveUserById(db: Queryable, id: string): Promise<User | undefined> {
  const { rows } = await db.query<User>('SELECT id, name, role FROM users WHERE id = $1 AND NOT disabled', [
    id,
  ]);
  return rows[0];
}

/** Every user, disabled ones included, in the order they were created (administrators' view). */
export async function listUsers(db: Queryable): Promise<UserRecord[]> {
  const { rows } = await db.query<UserRecord>(
    `SELECT id, name, role, disabled, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
     FROM users ORDER BY seq`,
  );
  return rows;
}

/**
 * Changes a user's role or disables (or enables) them; answers the user as changed. A disabled user
 * keeps their data, but none of their keys or access tokens is accepted until they are enabled.
 */
export async function updateUser(
  db: Queryable,
  id: string,
  change: { role?: User['role']; disabled?: boolean },
): Promise<void> {
  await db.query(
    'UPDATE users SET role = COALESCE($2, role), disabled = COALESCE($3, disabled) WHERE id = $1',
    [id, change.role ?? null, change.disabled ?? null],
  );
}

/** How many administrators can still sign in (not disabled). */
export async function activeAdminCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND NOT disabled",
  );
  return rows[0]?.n ?? 0;
}
