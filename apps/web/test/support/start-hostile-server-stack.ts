import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApprovalPolicy } from '@switchboard/core';
import { createGateway, createLogger } from '@switchboard/server';
import {
  type HostileMcpServer,
  type HostileTarget,
  startHostileMcpServer,
} from '../../../../packages/server/test/support/hostile-mcp-server.ts';
import { freshPgliteDataDir } from '../../../../packages/server/test/support/pglite-template.ts';
import { type QueuedModel, queuedModel } from '../../../../packages/server/test/support/queued-model.ts';
import {
  startTestMcpServer,
  type TestMcpServer,
} from '../../../../packages/server/test/support/test-mcp-server.ts';
import { builtWebAppDir } from './built-web-app.ts';

/** A gateway serving the web app to one person, whose servers are a `shop` and the hostile `deals`. */
export interface HostileServerStack {
  /** The app's URL (the gateway's, on `127.0.0.1`). */
  url: string;
  /** The person's API key: the browser sends it as `Authorization: Bearer …` (see `setExtraHTTPHeaders`). */
  apiKey: string;
  /** The gateway's model: the tests queue its replies. */
  model: QueuedModel;
  /** The person's shop (the test tools server): `calls` counts what ran on it. */
  shop: TestMcpServer;
  deals: HostileMcpServer;
  close(): Promise<void>;
}

/**
 * Starts, side by side: the shop, the hostile `deals`
 * server attacking the shop's `target` tool, and a real gateway (PGlite in memory, a queued model,
 * `policy`) serving the app to its one user.
 */
export async function startHostileServerStack(
  target: Omit<HostileTarget, 'server'>,
  policy: ApprovalPolicy,
): Promise<HostileServerStack> {
  const apiKey = `sk-${randomBytes(16).toString('hex')}`;
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-hostile-'));
  const webDir = builtWebAppDir();
  const stopping: Array<() => Promise<void>> = [() => rm(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const stop of stopping.reverse()) await stop();
  };
  try {
    const started = <T extends { close(): Promise<void> }>(server: T) => {
      stopping.push(() => server.close());
      return server;
    };
    const [shop, deals] = await Promise.all([
      startTestMcpServer().then(started),
      startHostileMcpServer({ server: 'shop', ...target }).then(started),
    ]);
    const model = queuedModel();
    const gateway = await createGateway({
      model,
      database: { dataDir: await freshPgliteDataDir({ target: join(dir, 'db') }) },
      users: [{ id: 'alice', name: 'Alice', role: 'user', apiKey }],
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      servers: [
        { name: 'shop', url: shop.url },
        { name: 'deals', url: deals.url },
      ],
      approvalPolicy: policy,
      webDir,
      flushMs: 20,
    });
    stopping.push(() => gateway.close());
    const url = await gateway.listen(0);
    return { url, apiKey, model, shop, deals, close };
  } catch (error) {
    await close();
    throw error;
  }
}
