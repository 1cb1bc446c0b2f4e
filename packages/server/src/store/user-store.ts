import { hashApiKey, newApiKey } from '../auth/api-keys.ts';
import type { User, UserSeed } from '../auth/user.ts';
import type { Queryable } from '../storage/database.ts';
import { newId } from './new-id.ts';

/** Creates a user with a new API key; the key is returned once and stored only hashed. */
export async function createUser(
  db: Queryable,
  input: { name: string; role: User['role']; id?: string },
): Promise<{ user: User; apiKey: string }> {
  const apiKey = newApiKey();
  const user: User = { id: input.id ?? newId('user'), name: input.name, role: input.role };
  await db.query('INSERT INTO users (id, name, role, api_key_hash) VALUES ($1, $2, $3, $4)', [
    user.id,
    user.name,
    user.role,
    hashApiKey(apiKey),
  ]);
  return { user, apiKey };
}

/** Creates or updates a configured user (name, role and key, or its absence, follow the configuration). */
export async function upsertUser(db: Queryable, seed: UserSeed): Promise<void> {
  await db.query(
    `INSERT INTO users (id, name, role, api_key_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, api_key_hash = EXCLUDED.api_key_hash`,
    [seed.id, seed.name, seed.role, seed.apiKey === undefined ? null : hashApiKey(seed.apiKey)],
  );
}

/** Ensures a user exists without a key (the local user of an open, loopback-only gateway). */
export async function ensureKeylessUser(db: Queryable, user: User): Promise<void> {
  await db.query('INSERT INTO users (id, name, role) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
    user.id,
    user.name,
    user.role,
  ]);
}

/** The user an API key belongs to. */
export async function findUserByApiKey(db: Queryable, apiKey: string): Promise<User | undefined> {
  const { rows } = await db.query<User>('SELECT id, name, role FROM users WHERE api_key_hash = $1', [
    hashApiKey(apiKey),
  ]);
  return rows[0];
}

/** The user with this id. */
export async function findUserById(db: Queryable, id: string): Promise<User | undefined> {
  const { rows } = await db.query<User>('SELECT id, name, role FROM users WHERE id = $1', [id]);
  return rows[0];
}

/** Every user, in the order they were created (administrators' view). */
export async function listUsers(db: Queryable): Promise<User[]> {
  const { rows } = await db.query<User>('SELECT id, name, role FROM users ORDER BY seq');
  return rows;
}
