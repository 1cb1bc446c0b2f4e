import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGateway, createLogger, type Gateway } from '@switchboard/server';
import { freshPgliteDataDir } from '../../../../packages/server/test/support/pglite-template.ts';
import { type QueuedModel, queuedModel } from '../../../../packages/server/test/support/queued-model.ts';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../../../packages/servers/test/support/oidc-authorization-server.ts';
import { builtWebAppDir } from './built-web-app.ts';

/** API keys of the stack's users (for the test to make data as them, never given to the app). */
export const SIGN_IN_KEYS = { alice: 'sk-sign-in-alice', bob: 'sk-sign-in-bob' };

/** A gateway whose web app signs people in at a real authorization server. */
export interface SignInStack {
  /** The app's URL (the gateway's, on loopback). */
  url: string;
  authorizationServer: TestAuthorizationServer;
  /** The web app's client id, registered at the authorization server (a public client). */
  clientId: string;
  /** The gateway's model: the tests queue its replies. */
  model: QueuedModel;
  close(): Promise<void>;
}

/**
 * Starts `oidc-provider` on loopback and a gateway
 * serving the app with API keys only for Alice and Bob (no open access), accepting the provider's
 * tokens (`alice-sso` is Alice, `bob-sso` is Bob) and offering web sign-in with a public client
 * registered beforehand with the app's OAuth callback page as its redirect URI (so the gateway's
 * port is chosen first).
 */
export async function startSignInStack(): Promise<SignInStack> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-sign-in-'));
  const webDir = builtWebAppDir();
  const stopping: Array<() => Promise<void>> = [() => rm(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const stop of stopping.reverse()) await stop();
  };
  try {
    const [authorizationServer, port] = await Promise.all([
      startAuthorizationServer({ resourceScopes: 'mcp' }),
      freePort(),
    ]);
    stopping.push(() => authorizationServer.close());
    const url = `http://127.0.0.1:${port}`;
    const clientId = await registerPublicClient(authorizationServer.issuer, `${url}/oauth-callback.html`);
    const model = queuedModel();
    const gateway: Gateway = await createGateway({
      model,
      database: { dataDir: await freshPgliteDataDir({ target: join(dir, 'db') }) },
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      users: [
        { id: 'alice', name: 'Alice', role: 'user', apiKey: SIGN_IN_KEYS.alice },
        { id: 'bob', name: 'Bob', role: 'user', apiKey: SIGN_IN_KEYS.bob },
      ],
      mcpAuthorization: {
        issuer: authorizationServer.issuer,
        scopes: ['mcp'],
        subjects: { 'alice-sso': 'alice', 'bob-sso': 'bob' },
        webSignIn: { clientId },
      },
      webDir,
      flushMs: 20,
    });
    stopping.push(() => gateway.close());
    await gateway.listen(port);
    return { url, authorizationServer, clientId, model, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Registers the web app at the authorization server (RFC 7591): a public client using PKCE. */
async function registerPublicClient(issuer: string, redirectUri: string): Promise<string> {
  const response = await fetch(`${issuer}/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Switchboard web app',
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    }),
  });
  if (!response.ok) throw new Error(`registration failed: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** A loopback port free right now (the gateway takes it right after). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
