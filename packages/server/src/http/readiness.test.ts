import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import type { Database } from '../storage/database.ts';
import { MIGRATION_LOCK } from '../storage/migrate.ts';
import { openDatabase } from '../storage/open-database.ts';
import { Readiness } from './readiness.ts';

describe('Readiness over a real database', () => {
  let db: Database;
  let readiness: Readiness;

  beforeAll(async () => {
    db = await openTestPglite();
    readiness = new Readiness(db, { cacheMs: 0 });
  });
  afterAll(() => db.close());

  it('is ready on a migrated database', async () => {
    expect(await readiness.check()).toEqual({ ready: true });
  });

  it('is not ready while anyone holds the migration lock, and ready again once it is released', async () => {
    await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      expect(await readiness.check()).toMatchObject({ ready: false, reason: 'migrating' });
    } finally {
      await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
    expect(await readiness.check()).toEqual({ ready: true });
  });

  it('is not ready when the schema is behind the migrations this gateway knows', async () => {
    const { rows } = await db.query<{ version: number; name: string }>(
      'DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations) RETURNING version, name',
    );
    try {
      expect(await readiness.check()).toMatchObject({
        ready: false,
        reason: 'schema_outdated',
        message: `the database schema is at migration ${rows[0].version - 1}; this gateway needs ${rows[0].version}`,
      });
    } finally {
      await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        rows[0].version,
        rows[0].name,
      ]);
    }
  });

  it('reuses an answer within cacheMs, so probes cost the database one query per period', async () => {
    const cached = new Readiness(db, { cacheMs: 60_000 });
    expect(await cached.check()).toEqual({ ready: true });
    await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      expect(await cached.check()).toEqual({ ready: true });
      expect(await readiness.check()).toMatchObject({ ready: false, reason: 'migrating' });
    } finally {
      await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });

  it('is not ready once draining, whatever the database says', async () => {
    const draining = new Readiness(db, { cacheMs: 0 });
    draining.drain();
    expect(await draining.check()).toMatchObject({ ready: false, reason: 'draining' });
  });

  it('is not ready when the database is closed, and the answer does not carry the error', async () => {
    const closed = await openTestPglite();
    await closed.close();
    const warnings: unknown[] = [];
    const answer = await new Readiness(closed, {
      cacheMs: 0,
      logger: { warn: (...args: unknown[]) => warnings.push(args) },
    }).check();
    expect(answer).toEqual({
      ready: false,
      reason: 'database_unreachable',
      message: 'the database did not answer within 2000 ms',
    });
    expect(warnings).toHaveLength(1);
  });
});

describe.runIf(process.env.DATABASE_URL)('Readiness over PostgreSQL', () => {
  it('is not ready when the database does not answer within the timeout', async () => {
    const url = process.env.DATABASE_URL as string;
    const schema = `sb_ready_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const db = await openDatabase({ url, schema, maxConnections: 2 });
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      // Another session holds schema_migrations: the check waits on it, as on a stuck server.
      await blocker.query('BEGIN');
      await blocker.query(`LOCK TABLE ${schema}.schema_migrations IN ACCESS EXCLUSIVE MODE`);
      const answer = await new Readiness(db, { cacheMs: 0, timeoutMs: 200 }).check();
      expect(answer).toMatchObject({ ready: false, reason: 'database_unreachable' });
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.query(`DROP SCHEMA ${schema} CASCADE`);
      await blocker.end();
      await db.close();
    }
  });
});
