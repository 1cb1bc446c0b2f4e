import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import type { Database } from '../storage/database.ts';
import { migrate } from '../storage/migrate.ts';
import {
  closePendingQuestion,
  dropKeptAnswer,
  keepAnswer,
  keptAnswers,
  recordPendingQuestion,
} from './pending-question-store.ts';

describe("servers' questions, answerable on any replica", () => {
  let db: Database;
  const inAMinute = () => Date.now() + 60_000;
  const kept = async (requestId: string) => (await keptAnswers(db, [requestId])).get(requestId);
  const ann = { userId: 'ann' };

  beforeAll(async () => {
    db = await openTestPglite();
    await migrate(db);
    await db.query("INSERT INTO users (id, name, role) VALUES ('ann', 'Ann', 'user'), ('bo', 'Bo', 'user')");
    await db.query(
      "INSERT INTO conversations (id, user_id, session) VALUES ('c_1', 'ann', '{}'), ('c_2', 'ann', '{}')",
    );
  });
  afterAll(() => db.close());

  it("keeps the asker's latest answer until the asker takes it, and refuses it once the question closed", async () => {
    await recordPendingQuestion(db, { requestId: 'el_1', userId: 'ann', expiresAt: inAMinute() });
    expect(await kept('el_1')).toBeUndefined();
    expect(await keepAnswer(db, { userId: 'bo' }, 'el_1', { action: 'decline' })).toBe('unknown');

    expect(await keepAnswer(db, ann, 'el_1', { action: 'accept', content: {} })).toBe('kept');
    expect(await keepAnswer(db, ann, 'el_1', { action: 'decline' })).toBe('kept');
    expect(JSON.parse(String(await kept('el_1')))).toEqual({ action: 'decline' });

    await closePendingQuestion(db, 'el_1');
    expect(await kept('el_1')).toBeUndefined();
    expect(await keepAnswer(db, ann, 'el_1', { action: 'cancel' })).toBe('closed');
  });

  it("a turn's question is answered only through its conversation", async () => {
    await recordPendingQuestion(db, {
      requestId: 'el_5',
      userId: 'ann',
      conversationId: 'c_1',
      expiresAt: inAMinute(),
    });
    expect(await keepAnswer(db, ann, 'el_5', { action: 'decline' })).toBe('unknown');
    expect(await keepAnswer(db, { ...ann, conversationId: 'c_2' }, 'el_5', { action: 'decline' })).toBe(
      'unknown',
    );
    expect(await keepAnswer(db, { ...ann, conversationId: 'c_1' }, 'el_5', { action: 'decline' })).toBe(
      'kept',
    );
    await recordPendingQuestion(db, { requestId: 'el_6', userId: 'ann', expiresAt: inAMinute() });
    await keepAnswer(db, ann, 'el_6', { action: 'cancel' });
    const both = await keptAnswers(db, ['el_5', 'el_6', 'el_none']);
    expect([...both.keys()].sort()).toEqual(['el_5', 'el_6']);
  });

  it("forgets the person's answer once the question closes, keeping only that it existed", async () => {
    await recordPendingQuestion(db, { requestId: 'el_4', userId: 'ann', expiresAt: inAMinute() });
    await keepAnswer(db, ann, 'el_4', { action: 'accept', content: { pin: '1234' } });
    await closePendingQuestion(db, 'el_4');
    const { rows } = await db.query<{ answer: string | null }>(
      "SELECT answer FROM pending_questions WHERE request_id = 'el_4'",
    );
    expect(rows).toEqual([{ answer: null }]);
  });

  it('drops a refused answer unless a newer one replaced it', async () => {
    await recordPendingQuestion(db, { requestId: 'el_2', userId: 'ann', expiresAt: inAMinute() });
    await keepAnswer(db, ann, 'el_2', { action: 'accept', content: { city: 1 } });
    const unfit = String(await kept('el_2'));
    await keepAnswer(db, ann, 'el_2', { action: 'accept', content: { city: 'Porto' } });
    await dropKeptAnswer(db, 'el_2', unfit);
    expect(JSON.parse(String(await kept('el_2')))).toMatchObject({ content: { city: 'Porto' } });
    await dropKeptAnswer(db, 'el_2', String(await kept('el_2')));
    expect(await kept('el_2')).toBeUndefined();
  });

  it('refuses an answer to an expired question (its replica is gone) as closed', async () => {
    await recordPendingQuestion(db, { requestId: 'el_3', userId: 'ann', expiresAt: Date.now() - 1_000 });
    expect(await keepAnswer(db, ann, 'el_3', { action: 'decline' })).toBe('closed');
    expect(await keepAnswer(db, ann, 'el_never', { action: 'decline' })).toBe('unknown');
  });
});
