import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import type { GatewayBus } from '../bus/gateway-bus.ts';
import type { Database } from '../storage/database.ts';
import { migrate } from '../storage/migrate.ts';
import { PendingQuestions } from './pending-questions.ts';

/** A bus that is down: every publish fails, subscriptions never hear anything. */
const downBus: GatewayBus = {
  publish: async () => {
    throw new Error('bus unreachable');
  },
  subscribe: async () => async () => {},
  close: async () => {},
};

describe('PendingQuestions with the bus down', () => {
  let db: Database;
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });

  beforeAll(async () => {
    db = await openTestPglite();
    await migrate(db);
    await db.query("INSERT INTO users (id, name, role) VALUES ('ann', 'Ann', 'user')");
  });
  afterAll(() => db?.close());

  it('takes an answer posted to another replica, and the asking replica finds it by polling', async () => {
    const asking = new PendingQuestions({ db, bus: downBus, logger, pollMs: 50 });
    const other = new PendingQuestions({ db, bus: downBus, logger, pollMs: 50 });
    await asking.start();
    await other.start();
    const asker = { userId: 'ann' };
    let taken: (answer: unknown) => void = () => {};
    const answered = new Promise<unknown>((resolve) => {
      taken = resolve;
    });
    const questions = asking.open(asker, (_requestId, answer) => {
      taken(answer);
      return { ok: true };
    });
    await questions.ask('el_bus_down', Date.now() + 60_000);

    await expect(other.answer(asker, 'el_bus_down', { action: 'accept' })).resolves.toEqual({
      ok: true,
      forwarded: true,
    });
    await expect(answered).resolves.toEqual({ action: 'accept' });
    expect(warnings.join('')).toContain('could not announce an answer on the bus');
    await asking.close();
    await other.close();
  });
});
