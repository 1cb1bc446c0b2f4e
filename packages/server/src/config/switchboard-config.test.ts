import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  configuredMcpAuthorization,
  configuredMcpMode,
  configuredRegistryUrl,
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
      historyChars: 100_000,
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

describe('mcpAuthorization, the authorization server whose access tokens /mcp accepts', () => {
  const users = [{ id: 'alice', apiKey: 'k' }];

  it('reads the example: the issuer, the scopes, and the subjects users list', async () => {
    expect(configuredMcpAuthorization(await readConfigFile(EXAMPLE))).toEqual({
      issuer: 'https://auth.example.com',
      scopes: ['mcp'],
      subjects: { '00u1a2b3c4d5e6f7g8h9': 'alice' },
    });
    expect(
      configuredMcpAuthorization({
        mcpAuthorization: { issuer: 'http://127.0.0.1:9000', audience: 'switchboard', userClaim: 'email' },
      }),
    ).toEqual({ issuer: 'http://127.0.0.1:9000', audience: 'switchboard', userClaim: 'email' });
    expect(
      configuredMcpAuthorization({
        mcpAuthorization: { issuer: 'https://auth.example.com', apiAudience: 'https://gw.example.com/mcp' },
      }),
    ).toEqual({ issuer: 'https://auth.example.com', apiAudience: ['https://gw.example.com/mcp'] });
    expect(configuredMcpAuthorization({ users })).toBeUndefined();
  });

  it.each([
    [{ issuer: 'auth.example.com' }, /issuer must be the authorization server's issuer URL/],
    [{ issuer: 'http://auth.example.com' }, /https; http only on loopback/],
    [{ issuer: 'https://auth.example.com/?tenant=1' }, /without a query or fragment/],
    [{ issuer: 'https://auth.example.com', issuers: [] }, /unknown keys: issuers \(known: issuer, audience/],
    [{ issuer: 'https://auth.example.com', userClaim: '' }, /userClaim must be a non-empty string/],
    [{ issuer: 'https://auth.example.com', apiAudience: [] }, /apiAudience must be an audience or a list/],
    [{ issuer: 'https://auth.example.com', apiAudience: [''] }, /apiAudience must be an audience or a list/],
    [{ issuer: 'https://auth.example.com', scopes: 'mcp' }, /scopes must be a list of scope names/],
    [{ issuer: 'https://auth.example.com', scopes: ['mcp read'] }, /scopes must be a list of scope names/],
  ])('refuses %j, saying what to write', (mcpAuthorization, message) => {
    const config = { mcpAuthorization } as unknown as SwitchboardConfig;
    expect(() => configuredMcpAuthorization(config)).toThrow(message);
  });

  it('lets a user who lists oauthSubjects go without an API key (they sign in at /mcp only)', () => {
    const config: SwitchboardConfig = {
      mcpAuthorization: { issuer: 'https://auth.example.com' },
      users: [{ id: 'dana', oauthSubjects: ['sso|dana'] }, { id: 'erin' }],
    };
    expect(() => configuredUsers(config, {})).toThrow(
      'user "erin" has no API key: set apiKeyEnv (the variable holding it), or list the oauthSubjects',
    );
    const [dana] = configuredUsers({ ...config, users: config.users?.slice(0, 1) }, {});
    expect(dana).toEqual({ id: 'dana', name: 'dana', role: 'user' });
  });

  it('refuses subjects without an authorization server, and one subject listed by two users', () => {
    expect(() => configuredMcpAuthorization({ users: [{ id: 'alice', oauthSubjects: ['a'] }] })).toThrow(
      'user "alice": oauthSubjects need "mcpAuthorization"',
    );
    expect(() =>
      configuredMcpAuthorization({
        mcpAuthorization: { issuer: 'https://auth.example.com' },
        users: [
          { id: 'alice', oauthSubjects: ['shared'] },
          { id: 'bob', oauthSubjects: ['shared'] },
        ],
      }),
    ).toThrow('users "alice" and "bob" both list the OAuth subject "shared"');
  });
});

describe('configuredRegistryUrl', () => {
  it('is the official MCP Registry by default, the configured one, or none when turned off', () => {
    expect(configuredRegistryUrl({})).toBe('https://registry.modelcontextprotocol.io');
    expect(configuredRegistryUrl({ registry: { url: 'https://registry.example.com/' } })).toBe(
      'https://registry.example.com/',
    );
    expect(configuredRegistryUrl({ registry: false })).toBeUndefined();
    for (const registry of [{ url: 'file:///etc/passwd' }, { url: 42 }, 'https://x.example', true])
      expect(() => configuredRegistryUrl({ registry } as unknown as SwitchboardConfig)).toThrow(
        '"registry" is',
      );
  });
});
