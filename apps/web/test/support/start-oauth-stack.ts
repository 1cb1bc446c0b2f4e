import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGateway, createLogger, type Gateway } from '@switchboard/server';
import { type HttpServing, type ShippedServer, serveHttp, startShop } from '@switchboard/servers';
import { freshPgliteDataDir } from '../../../../packages/server/test/support/pglite-template.ts';
import { type QueuedModel, queuedModel } from '../../../../packages/server/test/support/queued-model.ts';
import { startAuthorizationServer } from '../../../../packages/servers/test/support/oidc-authorization-server.ts';
import { builtWebAppDir } from './built-web-app.ts';

/** A gateway serving the web app, with the shop behind a real authorization server. */
export interface OAuthStack {
  /** The gateway's URL (on loopback). */
  url: string;
  /** The app's link, with the open gateway's token (as `npm start` prints it). */
  appUrl: string;
  /** The authorization server's issuer URL. */
  issuer: string;
  /** The gateway's model: the tests queue its replies. */
  model: QueuedModel;
  close(): Promise<void>;
}

/**
 * Starts, side by side: `oidc-provider` on loopback,
 * the shop over Streamable HTTP as its protected resource (`serveHttp(…, { oauth })`), and an
 * open-access gateway (one local user, PGlite in memory, a secret key for the credentials) serving
 * the app, with a queued model and the shop registered as a server each user connects with OAuth.
 */
export async function startOAuthStack(): Promise<OAuthStack> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-oauth-'));
  const webDir = builtWebAppDir();
  const stopping: Array<() => Promise<void>> = [() => rm(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const stop of stopping.reverse()) await stop();
  };
  try {
    const authorizationServer = await startAuthorizationServer({ resourceScopes: 'mcp' });
    stopping.push(() => authorizationServer.close());
    const shop: ShippedServer = await startShop({ dataDir: join(dir, 'shop') });
    stopping.push(() => shop.close());
    const shopHttp: HttpServing = await serveHttp(shop.createServer, {
      oauth: { issuer: authorizationServer.issuer, requiredScopes: ['mcp'] },
    });
    stopping.push(() => shopHttp.close());
    const model = queuedModel();
    const gateway: Gateway = await createGateway({
      model,
      database: { dataDir: await freshPgliteDataDir({ target: join(dir, 'db') }) },
      openAccess: true,
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      servers: [{ name: 'shop', url: shopHttp.url, oauth: {} }],
      secretKey: randomBytes(32),
      webDir,
      flushMs: 20,
    });
    stopping.push(() => gateway.close());
    const url = await gateway.listen(0);
    const appUrl = `${url}/?token=${gateway.services.localToken}`;
    return { url, appUrl, issuer: authorizationServer.issuer, model, close };
  } catch (error) {
    await close();
    throw error;
  }
}
