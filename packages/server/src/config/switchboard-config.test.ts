import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  configuredMcpMode,
  configuredServers,
  configuredUsers,
  readConfigFile,
  type SwitchboardConfig,
} from './switchboard-config.ts';

const EXAMPLE = fileURLToPath(new URL('../../../../switchboard.config.example.json', import.meta.url));

describe('the configuration file', () => {
  it('reads the example, with keys from the environment', async () => {
    const config = await readConfigFile(EXAMPLE);
    expect(config.limits).toMatchObject({
      toolTurnsPerRequest: 50,
      toolTurnsPerSession: 200,
      requestsPerMinute: 30,
    });
    expect(config.approvalPolicy?.rules?.[0]).toEqual({ match: 'shop:checkout', action: 'ask' });
    const users = configuredUsers(config, { SWITCHBOARD_ADMIN_KEY: 'sk-admin', ALICE_API_KEY: 'sk-alice' });
    expect(users).toEqual([
      { id: 'alice', name: 'Alice', role: 'user', apiKey: 'sk-alice' },
      { id: 'admin', name: 'Administrator', role: 'admin', apiKey: 'sk-admin' },
    ]);
  });

  it('names the variable a missing key should be in, and refuses unknown keys', async () => {
    const config = await readConfigFile(EXAMPLE);
    expect(() => configuredUsers(config, { SWITCHBOARD_ADMIN_KEY: 'sk-admin' })).toThrow(/ALICE_API_KEY/);
    const typo = join(tmpdir(), `switchboard-typo-${process.pid}.json`);
    await writeFile(typo, JSON.stringify({ prot: 1 }));
    await expect(readConfigFile(typo)).rejects.toThrow(/unknown keys: prot/);
    await expect(readConfigFile(join(tmpdir(), 'does-not-exist.json'))).rejects.toThrow(
      /cannot read the configuration/,
    );
  });
});

describe('the OAuth client secret of a configured server', () => {
  const withSecret = (oauth: Record<string, unknown>): SwitchboardConfig => ({
    servers: [{ name: 'tracker', url: 'https://mcp.example.com/mcp', oauth: { client_id: 'sb', ...oauth } }],
  });

  it('is read from the variable oauth.client_secretEnv names, without a warning', () => {
    const { servers, warnings } = configuredServers(withSecret({ client_secretEnv: 'TRACKER_SECRET' }), {
      TRACKER_SECRET: 's3cret',
    });
    expect(servers).toEqual([
      {
        name: 'tracker',
        url: 'https://mcp.example.com/mcp',
        oauth: { client_id: 'sb', client_secret: 's3cret' },
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('still works written literally, with a warning that names the server but never the secret', () => {
    const { servers, warnings } = configuredServers(withSecret({ client_secret: 'literal-s3cret' }), {});
    expect(servers[0]?.oauth).toEqual({ client_id: 'sb', client_secret: 'literal-s3cret' });
    expect(warnings).toEqual([expect.stringMatching(/server "tracker".*oauth\.client_secretEnv/)]);
    expect(warnings.join(' ')).not.toContain('literal-s3cret');
  });

  it('names the variable to set when it is missing or empty, and refuses both ways at once', () => {
    const named = withSecret({ client_secretEnv: 'TRACKER_SECRET' });
    expect(() => configuredServers(named, {})).toThrow(/server "tracker".*set TRACKER_SECRET/);
    expect(() => configuredServers(named, { TRACKER_SECRET: '' })).toThrow(/set TRACKER_SECRET/);
    expect(() =>
      configuredServers(withSecret({ client_secret: 'x', client_secretEnv: 'TRACKER_SECRET' }), {
        TRACKER_SECRET: 'y',
      }),
    ).toThrow(/not both/);
  });

  it('leaves servers without OAuth as they are', () => {
    const config: SwitchboardConfig = { servers: [{ name: 'everything', command: 'npx', args: ['x'] }] };
    expect(configuredServers(config, {})).toEqual({ servers: config.servers, warnings: [] });
  });

  it('reads mcpMode, the default /mcp mode, and refuses a value that is not one', async () => {
    const path = join(tmpdir(), `switchboard-mcp-mode-${process.pid}.json`);
    await writeFile(path, JSON.stringify({ mcpMode: 'aggregate' }));
    expect(configuredMcpMode(await readConfigFile(path))).toBe('aggregate');
    expect(configuredMcpMode({ mcpMode: 'discovery' })).toBe('discovery');
    expect(configuredMcpMode({ mcpMode: 'auto' })).toBeUndefined();
    expect(configuredMcpMode({})).toBeUndefined();
    expect(() => configuredMcpMode({ mcpMode: 'everything' } as unknown as SwitchboardConfig)).toThrow(
      'mcpMode must be "discovery", "aggregate" or "auto", not "everything"',
    );
  });
});
