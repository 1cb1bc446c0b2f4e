import { rm } from 'node:fs/promises';
import pg from 'pg';
import type { DatabaseOptions } from '../../src/index.ts';
import { freshPgliteDataDir } from './pglite-template.ts';

/** The database kinds a suite runs against. */
export type TestBackend = 'pglite' | 'postgres';

/** Where a test keeps its data, and how to clean it up. */
export interface TestDatabase {
  options: DatabaseOptions;
  kind: TestBackend;
  cleanup(): Promise<void>;
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set. */
export function testBackends(): TestBackend[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh database for one suite: PGlite in a temporary data directory (migrated, see
 * `freshPgliteDataDir`), or a new schema on the
 * DATABASE_URL server (dropped afterwards).
 */
export async function testDatabase(kind: TestBackend = 'pglite'): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (kind === 'postgres') {
    if (!url) throw new Error('the postgres backend needs DATABASE_URL');
    const schema = `sb_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    return {
      options: { url, schema, maxConnections: 5 },
      kind: 'postgres',
      cleanup: () => dropSchema(url, schema),
    };
  }
  const dataDir = await freshPgliteDataDir();
  return {
    options: { dataDir },
    kind: 'pglite',
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** Drops a test schema. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
