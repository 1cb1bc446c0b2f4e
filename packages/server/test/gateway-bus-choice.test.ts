import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, type GatewayOptions } from '../src/index.ts';
import { createLogger } from '../src/observability/create-logger.ts';
import { queuedModel } from './support/queued-model.ts';
import { missingReplicaService } from './support/replica-gateways.ts';
import { dropSchema } from './support/test-database.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const missing = await missingReplicaService();
if (missing)
  process.stderr.write(
    `gateway bus choice tests (PostgreSQL, Redis) skipped: cannot reach ${missing}; run scripts/ensure-services.sh\n`,
  );

/** One JSON line of the gateway's log. */
interface LogLine {
  level: number;
  msg: string;
  bus?: string;
  [field: string]: unknown;
}

const INFO = 30;

describe('the gateway says at startup which bus it chose', () => {
  const teardown: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of teardown.splice(0).reverse()) await step();
  });

  /** Starts a gateway with `options`, closes it, and returns every line it logged at info and above. */
  async function startupLog(options: Partial<GatewayOptions>): Promise<{ text: string; lines: LogLine[] }> {
    const chunks: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    const gateway = await createGateway({
      model: queuedModel(),
      logger: createLogger({ level: 'info', destination }),
      ...options,
    });
    await gateway.close();
    const text = chunks.join('');
    return {
      text,
      lines: text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
    };
  }

  it('in memory, with neither Redis nor a PostgreSQL server (embedded PGlite)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bus-'));
    teardown.push(() => rm(dataDir, { recursive: true, force: true }));

    const { lines } = await startupLog({ database: { dataDir } });

    const chosen = lines.filter((line) => line.bus !== undefined);
    expect(chosen).toEqual([expect.objectContaining({ level: INFO, bus: 'memory' })]);
    expect(chosen[0]?.msg).toMatch(/in memory, this replica alone/);
  });

  it.skipIf(missing !== undefined)(
    'PostgreSQL LISTEN/NOTIFY on a PostgreSQL server without Redis',
    async () => {
      const schema = `sb_bus_choice_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      teardown.push(() => dropSchema(DATABASE_URL, schema));

      const { lines } = await startupLog({ database: { url: DATABASE_URL, schema, maxConnections: 2 } });

      const chosen = lines.filter((line) => line.bus !== undefined);
      expect(chosen).toEqual([expect.objectContaining({ level: INFO, bus: 'postgres', schema })]);
      expect(chosen[0]?.msg).toMatch(/PostgreSQL LISTEN\/NOTIFY/);
    },
  );

  it.skipIf(missing !== undefined)(
    'Redis when a URL is given, named without the password it carries',
    async () => {
      const schema = `sb_bus_choice_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      teardown.push(() => dropSchema(DATABASE_URL, schema));
      // The test Redis asks no password: it accepts one it does not need (ioredis warns and goes on).
      const withPassword = new URL(REDIS_URL);
      withPassword.password = 'bus-choice-s3cret';

      const { text, lines } = await startupLog({
        database: { url: DATABASE_URL, schema, maxConnections: 2 },
        redisUrl: withPassword.href,
        redisPrefix: `${schema}:`,
      });

      const chosen = lines.filter((line) => line.bus !== undefined);
      expect(chosen).toEqual([
        expect.objectContaining({
          level: INFO,
          bus: 'redis',
          redis: `redis://[redacted]@${REDIS_URL.host}${REDIS_URL.pathname}`,
          prefix: `${schema}:`,
        }),
      ]);
      expect(chosen[0]?.msg).toMatch(/Redis/);
      expect(text).not.toContain('bus-choice-s3cret');
    },
  );
});
