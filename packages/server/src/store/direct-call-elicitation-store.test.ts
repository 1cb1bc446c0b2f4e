import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../storage/database.ts';
import { migrate } from '../storage/migrate.ts';
import { openPgliteDatabase } from '../storage/pglite-database.ts';
import {
  closeDirectCallElicitation,
  dropDirectCallAnswer,
  forwardDirectCallAnswer,
  forwardedDirectCallAnswer,
  recordDirectCallElicitation,
} from './direct-call-elicitation-store.ts';

describe("direct calls' requests, answerable on any replica", () => {
  let db: Database;
  const inAMinute = () => Date.now() + 60_000;

  beforeAll(async () => {
    db = await openPgliteDatabase();
    await migrate(db);
    await db.query("INSERT INTO users (id, name, role) VALUES ('ann', 'Ann', 'user'), ('bo', 'Bo', 'user')");
  });
  afterAll(() => db.close());

  it("keeps the requester's latest answer until the call takes it, and refuses it once the request closed", async () => {
    await recordDirectCallElicitation(db, { requestId: 'el_1', userId: 'ann', expiresAt: inAMinute() });
    expect(await forwardedDirectCallAnswer(db, 'el_1')).toBeUndefined();
    expect(await forwardDirectCallAnswer(db, 'bo', 'el_1', { action: 'decline' })).toBe('unknown');

    expect(await forwardDirectCallAnswer(db, 'ann', 'el_1', { action: 'accept', content: {} })).toBe(
      'forwarded',
    );
    expect(await forwardDirectCallAnswer(db, 'ann', 'el_1', { action: 'decline' })).toBe('forwarded');
    const kept = await forwardedDirectCallAnswer(db, 'el_1');
    expect(JSON.parse(String(kept))).toEqual({ action: 'decline' });

    await closeDirectCallElicitation(db, 'el_1');
    expect(await forwardedDirectCallAnswer(db, 'el_1')).toBeUndefined();
    expect(await forwardDirectCallAnswer(db, 'ann', 'el_1', { action: 'cancel' })).toBe('closed');
  });

  it("forgets the person's answer once the request closes, keeping only that it existed", async () => {
    await recordDirectCallElicitation(db, { requestId: 'el_4', userId: 'ann', expiresAt: inAMinute() });
    await forwardDirectCallAnswer(db, 'ann', 'el_4', { action: 'accept', content: { pin: '1234' } });
    await closeDirectCallElicitation(db, 'el_4');
    const { rows } = await db.query<{ answer: string | null }>(
      "SELECT answer FROM direct_call_elicitations WHERE request_id = 'el_4'",
    );
    expect(rows).toEqual([{ answer: null }]);
  });

  it('drops a refused answer unless a newer one replaced it', async () => {
    await recordDirectCallElicitation(db, { requestId: 'el_2', userId: 'ann', expiresAt: inAMinute() });
    await forwardDirectCallAnswer(db, 'ann', 'el_2', { action: 'accept', content: { city: 1 } });
    const unfit = String(await forwardedDirectCallAnswer(db, 'el_2'));
    await forwardDirectCallAnswer(db, 'ann', 'el_2', { action: 'accept', content: { city: 'Porto' } });
    await dropDirectCallAnswer(db, 'el_2', unfit);
    expect(JSON.parse(String(await forwardedDirectCallAnswer(db, 'el_2')))).toMatchObject({
      content: { city: 'Porto' },
    });
    await dropDirectCallAnswer(db, 'el_2', String(await forwardedDirectCallAnswer(db, 'el_2')));
    expect(await forwardedDirectCallAnswer(db, 'el_2')).toBeUndefined();
  });

  it('refuses an answer to an expired request (its replica is gone) as closed', async () => {
    await recordDirectCallElicitation(db, {
      requestId: 'el_3',
      userId: 'ann',
      expiresAt: Date.now() - 1_000,
    });
    expect(await forwardDirectCallAnswer(db, 'ann', 'el_3', { action: 'decline' })).toBe('closed');
    expect(await forwardDirectCallAnswer(db, 'ann', 'el_never', { action: 'decline' })).toBe('unknown');
  });
});
