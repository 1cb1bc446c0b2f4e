import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Serving, serve } from '../src/cli/serve-command.ts';
import { listServerRows } from '../src/store/server-store.ts';

/** `switchboard serve` with a configured OAuth server whose client secret is in the environment. */
describe('a configured server with oauth.client_secretEnv', () => {
  let dir: string;
  let serving: Serving;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-client-secret-'));
    const config = {
      shippedServers: false,
      webDir: join(dir, 'no-web-app'),
      logLevel: 'silent',
      servers: [
        {
          name: 'tracker',
          url: 'https://mcp.example.com/tracker/mcp',
          oauth: { client_id: 'switchboard', client_secretEnv: 'TRACKER_CLIENT_SECRET' },
        },
      ],
    };
    await writeFile(join(dir, 'config.json'), JSON.stringify(config));
    serving = await serve(
      { config: join(dir, 'config.json'), port: 0, dataDir: join(dir, 'data') },
      { TRACKER_CLIENT_SECRET: 'secret-from-the-environment', SWITCHBOARD_SECRET_KEY: 'a'.repeat(64) },
    );
  });

  afterAll(async () => {
    await serving?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('registers the server with the secret read from the variable', async () => {
    const rows = await listServerRows(serving.gateway.services.db);
    expect(rows.find((row) => row.name === 'tracker')?.transport).toEqual({
      type: 'http',
      url: 'https://mcp.example.com/tracker/mcp',
      oauth: { client_id: 'switchboard', client_secret: 'secret-from-the-environment' },
    });
  });

  it('never shows the secret to an API client', async () => {
    const response = await fetch(`${serving.url}/servers`, {
      headers: { authorization: `Bearer ${serving.gateway.services.localToken}` },
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain('tracker');
    expect(text).not.toContain('secret-from-the-environment');
  });
});
