import type { User } from '../auth/user.ts';
import type { Queryable } from '../storage/database.ts';
import { json } from './conversation-store.ts';

/** An OAuth subject another user already lists (each subject is one user's). */
export class OAuthSubjectTaken extends Error {
  readonly subject: string;
  /** The user listing it. */
  readonly owner: string;

  constructor(subject: string, owner: string) {
    super(`the OAuth subject "${subject}" is already user "${owner}"'s`);
    this.name = 'OAuthSubjectTaken';
    this.subject = subject;
    this.owner = owner;
  }
}

/**
 * Replaces the OAuth subjects a user created through the API signs in to `/mcp` as. Throws
 * {@link OAuthSubjectTaken} when another user lists one of them. Run it in a transaction: a refusal
 * leaves the user's previous subjects.
 */
export async function setOAuthSubjects(
  db: Queryable,
  userId: string,
  subjects: readonly string[],
): Promise<void> {
  await db.query(
    'DELETE FROM user_oauth_subjects WHERE user_id = $1 AND subject NOT IN (SELECT jsonb_array_elements_text($2::jsonb))',
    [userId, json(subjects)],
  );
  await db.query(
    `INSERT INTO user_oauth_subjects (subject, user_id) SELECT jsonb_array_elements_text($1::jsonb), $2
     ON CONFLICT (subject) DO NOTHING`,
    [json(subjects), userId],
  );
  const { rows } = await db.query<{ subject: string; user_id: string }>(
    'SELECT subject, user_id FROM user_oauth_subjects WHERE subject IN (SELECT jsonb_array_elements_text($1::jsonb)) AND user_id <> $2 LIMIT 1',
    [json(subjects), userId],
  );
  if (rows[0]) throw new OAuthSubjectTaken(rows[0].subject, rows[0].user_id);
}

/** The OAuth subjects each of these users lists, by user id (users listing none are absent). */
export async function oauthSubjectsOf(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ subject: string; user_id: string }>(
    'SELECT subject, user_id FROM user_oauth_subjects WHERE user_id IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY created_at, subject',
    [json(userIds)],
  );
  const subjects = new Map<string, string[]>();
  for (const row of rows) subjects.set(row.user_id, [...(subjects.get(row.user_id) ?? []), row.subject]);
  return subjects;
}

/**
 * The user listing an access token's subject, or undefined: only a listed subject maps, never one
 * that merely equals a user's id.
 */
export async function findUserByOAuthSubject(db: Queryable, subject: string): Promise<User | undefined> {
  const { rows } = await db.query<User>(
    `SELECT u.id, u.name, u.role FROM user_oauth_subjects s JOIN users u ON u.id = s.user_id
      WHERE s.subject = $1 AND NOT u.disabled`,
    [subject],
  );
  const [row] = rows;
  return row ? { id: row.id, name: row.name, role: row.role } : undefined;
}
