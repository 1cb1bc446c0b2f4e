import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryClient } from '../src/registry/registry-client.ts';
import { installOptions, installRegistration } from '../src/registry/registry-install.ts';
import { insertServer, type ServerTransport } from '../src/store/server-store.ts';
import { openServerSecrets } from '../src/upstream/server-secrets.ts';
import { apiClient } from './support/http-client.ts';
import {
  type LocalMcpRegistry,
  NPM_WEATHER_ENTRY,
  PACKAGED_ENTRY,
  remoteWeatherEntry,
  startKeyedWeatherServer,
  startLocalMcpRegistry,
} from './support/local-mcp-registry.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway, withGatewayBeside } from './support/test-gateway.ts';

const API_KEY = 'weather-secret-4711';
/** The deployment's secret key, which sealed values open with. */
const KEY = new Uint8Array(32).fill(7);
/** A registry remote pointing inside the gateway's network. */
const INTERNAL_ENTRY = {
  name: 'io.github.evil/internal',
  description: 'Points inside',
  version: '1.0.0',
  remotes: [{ type: 'streamable-http', url: 'http://10.0.0.7/mcp' }],
};

describe('the MCP Registry through the gateway', () => {
  let weather: Awaited<ReturnType<typeof startKeyedWeatherServer>>;
  let registry: LocalMcpRegistry;
  let gw: TestGateway;

  beforeAll(async () => {
    weather = await startKeyedWeatherServer(API_KEY);
    registry = await startLocalMcpRegistry(
      [remoteWeatherEntry(weather.origin), NPM_WEATHER_ENTRY, PACKAGED_ENTRY, INTERNAL_ENTRY],
      {
        pageSize: 2,
      },
    );
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      registryUrl: registry.url,
      trustedServerOrigins: [weather.origin],
      secretKey: KEY,
    });
  });
  afterAll(async () => {
    await gw?.close();
    await registry?.close();
    await weather?.close();
  });

  it('lists a page with its cursor, each server with what it asks for and who may add it', async () => {
    const first = await gw.alice.get('/registry/servers');
    expect(first.status).toBe(200);
    expect(first.body.items.map((item: { name: string }) => item.name)).toEqual([
      'io.github.user/remote-weather',
      'io.github.user/local-weather',
    ]);
    expect(first.body.next_cursor).toBe('io.github.user/local-weather');
    const [remote, npm] = first.body.items;
    expect(remote).toMatchObject({ title: 'Remote Weather', version: '2.1.0' });
    expect(remote.options).toEqual([
      {
        kind: 'remote',
        index: 0,
        summary: `Streamable HTTP ${weather.origin}/{path}`,
        addable: true,
        fields: [
          {
            key: 'url:path',
            label: 'path (in the URL)',
            description: 'Endpoint path',
            required: true,
            secret: false,
            default: 'mcp',
          },
          {
            key: 'header:Authorization:api_key',
            label: 'api_key (Authorization header)',
            description: 'API key',
            required: true,
            secret: true,
          },
        ],
      },
    ]);
    expect(npm.options[0]).toMatchObject({
      kind: 'package',
      summary: 'npx -y @modelcontextprotocol/server-weather@1.0.0',
      addable: false,
      reason: expect.stringContaining('Only an administrator'),
    });
    expect(npm.options[0].fields.map((field: { key: string }) => field.key)).toEqual([
      'env:API_KEY',
      'arg:0',
    ]);

    const second = await gw.alice.get(
      `/registry/servers?cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(second.body.items.map((item: { name: string }) => item.name)).toEqual([
      'io.github.example/weather-mcp',
      'io.github.evil/internal',
    ]);
    expect(second.body.next_cursor).toBeUndefined();
    expect(second.body.items[0].options.map((option: { summary: string }) => option.summary)).toEqual([
      'uvx weather-mcp-server==0.5.0',
      'docker run -i --rm docker.io/mcp/filesystem:1.0.2',
    ]);

    const searched = await gw.alice.get('/registry/servers?search=local');
    expect(searched.body.items.map((item: { name: string }) => item.name)).toEqual([
      'io.github.user/local-weather',
    ]);
    expect(registry.requests.at(-1)).toContain('search=local');
  });

  it('tells an administrator why packages are refused where the configuration allows no commands', async () => {
    const page = await gw.admin.get('/registry/servers?search=local');
    expect(page.body.items[0].options[0]).toMatchObject({
      addable: false,
      reason: expect.stringContaining('allowCommandServers'),
    });
    const refused = await gw.admin.post('/registry/servers/add', {
      name: 'io.github.user/local-weather',
      version: '1.0.0',
      option: 'package',
      index: 0,
      values: { 'env:API_KEY': 'x', 'arg:0': '/tmp/config.json' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('allowCommandServers');
  });

  it('refuses a package to a user, saying why, and registers nothing', async () => {
    const refused = await gw.alice.post('/registry/servers/add', {
      name: 'io.github.user/local-weather',
      version: '1.0.0',
      option: 'package',
      index: 0,
      values: { 'env:API_KEY': 'x', 'arg:0': '/tmp/config.json' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('Only an administrator');
    const servers = await gw.alice.get('/servers');
    expect(servers.body.items.map((item: { name: string }) => item.name)).not.toContain('local-weather');
  });

  it('refuses a remote whose required secret is missing, naming it', async () => {
    const refused = await gw.alice.post('/registry/servers/add', {
      name: 'io.github.user/remote-weather',
      version: '2.1.0',
      option: 'remote',
      index: 0,
      values: {},
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.missing).toEqual(['header:Authorization:api_key']);
  });

  it('refuses bodies that are not an add request, and versions the registry does not have', async () => {
    expect((await gw.alice.post('/registry/servers/add', {})).status).toBe(400);
    expect(
      (await gw.alice.post('/registry/servers/add', { name: 'x/y', version: '1', option: 'shell', index: 0 }))
        .status,
    ).toBe(400);
    const missing = await gw.alice.post('/registry/servers/add', {
      name: 'io.github.user/remote-weather',
      version: '9.9.9',
      option: 'remote',
      index: 0,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('registry_server_not_found');
  });

  it('adds a remote with its secret header: stored sealed, never shown back, sent to the server', async () => {
    const added = await gw.alice.post('/registry/servers/add', {
      name: 'io.github.user/remote-weather',
      version: '2.1.0',
      option: 'remote',
      index: 0,
      values: { 'header:Authorization:api_key': API_KEY },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      name: 'remote-weather',
      owner: 'you',
      transport: { type: 'http', url: `${weather.origin}/mcp`, headers: { Authorization: '***' } },
    });
    expect(JSON.stringify(await gw.alice.get(`/servers/${added.body.id}`))).not.toContain(API_KEY);
    expect(JSON.stringify((await gw.alice.get('/servers')).body)).not.toContain(API_KEY);
    const { rows } = await gw.gateway.services.db.query<{ transport: unknown }>(
      'SELECT transport FROM mcp_servers WHERE id = $1',
      [added.body.id],
    );
    expect(JSON.stringify(rows[0]?.transport)).not.toContain(API_KEY);
    expect(JSON.stringify(rows[0]?.transport)).toContain('sealed:v1.');

    const call = await gw.alice.post(`/servers/${added.body.id}/tools/call`, {
      name: 'forecast',
      arguments: { city: 'Paris' },
    });
    expect(call.status).toBe(200);
    expect(call.body.content).toBe('Sunny in Paris, 21 °C');
    // Bob does not get Alice's server.
    expect((await gw.bob.get(`/servers/${added.body.id}`)).status).toBe(404);
  });

  it("sends a user's registry remote through the SSRF guard: 403 forbidden_url inside the network", async () => {
    const added = await gw.alice.post('/registry/servers/add', {
      name: 'io.github.evil/internal',
      version: '1.0.0',
      option: 'remote',
      index: 0,
    });
    expect(added.body.error).toMatchObject({ code: 'forbidden_url' });
    expect(added.status).toBe(403);
  });

  it('seals the headers of a server registered by URL too', async () => {
    const added = await gw.alice.post('/servers', {
      name: 'weather-by-url',
      url: weather.url,
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    expect(added.status).toBe(201);
    expect(added.body.transport.headers).toEqual({ Authorization: '***' });
    const { rows } = await gw.gateway.services.db.query<{ transport: unknown }>(
      'SELECT transport FROM mcp_servers WHERE id = $1',
      [added.body.id],
    );
    expect(JSON.stringify(rows[0]?.transport)).not.toContain(API_KEY);
    const tools = await gw.alice.get(`/servers/${added.body.id}/tools`);
    expect(tools.body.items.map((tool: { name: string }) => tool.name)).toEqual(['forecast']);
  });

  it('seals at start the header values a registration kept in the clear (from before sealing, or a gateway without a key)', async () => {
    const { db } = gw.gateway.services;
    const inTheClear = {
      type: 'http' as const,
      url: weather.url,
      headers: { Authorization: `Bearer ${API_KEY}` },
    };
    const inserted = await insertServer(db, {
      name: 'weather-in-the-clear',
      ownerId: 'alice',
      transport: inTheClear,
    });
    const id = 'row' in inserted ? inserted.row.id : '';
    const stored = async () =>
      (
        await db.query<{ transport: ServerTransport }>('SELECT transport FROM mcp_servers WHERE id = $1', [
          id,
        ])
      ).rows[0]?.transport as ServerTransport;

    // A replica starting with the deployment's key seals them (the configuration's servers are its
    // own), and connects with them opened.
    const listed = await withGatewayBeside(
      gw,
      { secretKey: KEY, trustedServerOrigins: [weather.origin] },
      async (url) => (await apiClient(url, KEYS.alice).get(`/servers/${id}/tools`)).body,
    );
    expect(listed.items.map((tool: { name: string }) => tool.name)).toEqual(['forecast']);
    const sealed = await stored();
    expect(JSON.stringify(sealed)).not.toContain(API_KEY);
    expect(JSON.stringify(sealed)).toContain('sealed:v1.');
    expect(openServerSecrets(KEY, sealed, 'weather-in-the-clear')).toEqual(inTheClear);
    // Sealed values are kept as they are by the next start.
    await withGatewayBeside(gw, { secretKey: KEY }, async () => {});
    expect(await stored()).toEqual(sealed);
  });
});

/** What a hostile registry answers besides its list: too large, not JSON, a redirect, no list. */
const CANNED: Record<string, { body: string; headers?: Record<string, string> }> = {
  huge: { body: `{"servers":[${'{"server":{}},'.repeat(200_000)}{}]}` },
  'not-json': { body: '<html>hello</html>', headers: { 'content-type': 'text/html' } },
  redirect: { body: '', headers: { location: 'http://169.254.169.254/' } },
  'no-list': { body: '{"servers": "none"}' },
};

describe('a hostile registry, a package run where commands are allowed, and no registry', () => {
  let gw: TestGateway;
  let hostile: LocalMcpRegistry;
  let mode = 'entries';

  beforeAll(async () => {
    const huge = 'x'.repeat(5000);
    // Hostile in its list; one version of a real package read by its own path.
    hostile = await startLocalMcpRegistry([NPM_WEATHER_ENTRY], {
      override: (request, response) => {
        if (mode === 'entries' && request.url?.startsWith('/v0.1/servers/')) return false;
        const send = (
          body: string,
          headers: Record<string, string> = { 'content-type': 'application/json' },
        ) => response.writeHead(mode === 'redirect' ? 302 : 200, headers).end(body);
        const canned = CANNED[mode];
        if (canned) {
          send(canned.body, canned.headers);
          return true;
        }
        send(
          JSON.stringify({
            servers: [
              { server: { name: 'evil/long', description: huge, version: '1' } },
              { server: { name: 'evil/control', description: 'bell\u0007', version: '1' } },
              { server: { name: 'evil/types', description: 'x', version: 1 } },
              {
                server: {
                  name: 'evil/js-url',
                  description: 'x',
                  version: '1',
                  remotes: [{ type: 'streamable-http', url: 'javascript:alert(1)' }],
                },
              },
              {
                server: {
                  name: 'evil/many',
                  description: 'x',
                  version: '1',
                  remotes: Array(50).fill({ type: 'sse', url: 'https://a.example/' }),
                },
              },
              { server: { name: 'noslash', description: 'x', version: '1' } },
              'not an entry',
              {
                server: {
                  name: 'evil/flag-package',
                  description: '<img src=x onerror=alert(1)>',
                  version: '1.0.0',
                  packages: [
                    {
                      registryType: 'npm',
                      identifier: '--eval=process.exit()',
                      version: '1.0.0',
                      transport: { type: 'stdio' },
                    },
                  ],
                  remotes: [{ type: 'streamable-http', url: 'http://10.0.0.7/mcp' }],
                },
              },
            ],
            metadata: { nextCursor: 'c'.repeat(600) },
          }),
        );
        return true;
      },
    });
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      registryUrl: hostile.url,
      allowCommandServers: true,
      secretKey: new Uint8Array(32).fill(9),
    });
  });
  afterAll(async () => {
    await gw?.close();
    await hostile?.close();
  });

  it('keeps only entries that fit, text as text, and no cursor past its bound', async () => {
    mode = 'entries';
    const page = await gw.alice.get('/registry/servers');
    expect(page.status).toBe(200);
    expect(page.body.items.map((item: { name: string }) => item.name)).toEqual(['evil/flag-package']);
    expect(page.body.skipped).toBe(7);
    expect(page.body.next_cursor).toBeUndefined();
    const [entry] = page.body.items;
    expect(entry.description).toBe('<img src=x onerror=alert(1)>');
    // A package whose name would read as an option of npx is never offered, even to an administrator.
    const admin = await gw.admin.get('/registry/servers');
    expect(admin.body.items[0].options[1]).toMatchObject({ kind: 'package', addable: false });
    expect(admin.body.items[0].options[1].reason).toContain('does not accept');
  });

  it('answers 502 for an answer too large, not JSON, redirected or without a list', async () => {
    for (const each of ['huge', 'not-json', 'redirect', 'no-list']) {
      mode = each;
      const page = await gw.alice.get('/registry/servers');
      expect(page.status, each).toBe(502);
      expect(page.body.error.code).toBe('registry_unavailable');
    }
  });

  it('reads the chosen version from the registry again, and adds nothing when the answer is not it', async () => {
    mode = 'entries';
    hostile.requests.length = 0;
    // This hostile registry answers every path with its list, which is not the entry asked for.
    const added = await gw.alice.post('/registry/servers/add', {
      name: 'evil/flag-package',
      version: '1.0.0',
      option: 'remote',
      index: 0,
    });
    expect(added.status).toBe(404);
    expect(hostile.requests[0]).toBe('/v0.1/servers/evil%2Fflag-package/versions/1.0.0');
  });

  it('refuses long or repeated query parameters', async () => {
    expect((await gw.alice.get(`/registry/servers?search=${'a'.repeat(201)}`)).status).toBe(400);
    expect((await gw.alice.get('/registry/servers?search=a&search=b')).status).toBe(400);
  });

  it('runs a package an administrator adds where commands are allowed as npx -y id@version with its arguments and its secret environment, stored sealed', async () => {
    // A fake npx first on the PATH: the launch-echo server, which answers how it was launched.
    const bin = await mkdtemp(join(tmpdir(), 'registry-npx-'));
    const echo = fileURLToPath(new URL('./support/launch-echo-mcp-server.ts', import.meta.url));
    await writeFile(join(bin, 'npx'), `#!/bin/sh\nexec "${process.execPath}" "${echo}" "$@"\n`);
    await chmod(join(bin, 'npx'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    mode = 'entries';
    try {
      const added = await gw.admin.post('/registry/servers/add', {
        name: 'io.github.user/local-weather',
        version: '1.0.0',
        option: 'package',
        index: 0,
        values: { 'env:API_KEY': API_KEY, 'arg:0': '/srv/weather config.json' },
      });
      expect(added.status).toBe(201);
      expect(added.body.transport).toEqual({
        type: 'stdio',
        command: 'npx',
        args: [
          '-y',
          '@modelcontextprotocol/server-weather@1.0.0',
          '/srv/weather config.json',
          '--port',
          '8080',
        ],
        env: { API_KEY: '***' },
      });
      const call = await gw.admin.post(`/servers/${added.body.id}/tools/call`, {
        name: 'launch',
        arguments: {},
      });
      expect(call.status).toBe(200);
      expect(JSON.parse(call.body.content)).toEqual({
        argv: [
          '-y',
          '@modelcontextprotocol/server-weather@1.0.0',
          '/srv/weather config.json',
          '--port',
          '8080',
        ],
        apiKey: API_KEY,
      });
      const { rows } = await gw.gateway.services.db.query<{ transport: unknown }>(
        'SELECT transport FROM mcp_servers WHERE id = $1',
        [added.body.id],
      );
      expect(JSON.stringify(rows[0]?.transport)).not.toContain(API_KEY);
    } finally {
      process.env.PATH = path;
      await rm(bin, { recursive: true, force: true });
    }
  });

  it('answers 404 registry_disabled when the operator turned it off', async () => {
    // A replica beside this one, on its database, without a registry.
    const page = await withGatewayBeside(gw, {}, async (url) =>
      apiClient(url, KEYS.alice).get('/registry/servers'),
    );
    expect(page.status).toBe(404);
    expect(page.body.error.code).toBe('registry_disabled');
  });
});

describe('installRegistration', () => {
  const read = async (entry: Record<string, unknown>) => {
    const registry = await startLocalMcpRegistry([entry]);
    try {
      const [server] = (await new RegistryClient(registry.url).list({})).servers;
      if (!server) throw new Error('the entry did not read');
      return server;
    } finally {
      await registry.close();
    }
  };

  it("never offers a package setting what starts its runner, nor a remote setting the connection's own headers", async () => {
    const entry = await read({
      name: 'io.github.evil/preload',
      description: 'x',
      version: '1.0.0',
      packages: [
        ...['NODE_OPTIONS', 'LD_PRELOAD', 'PATH', 'BAD NAME'].map((name) => ({
          registryType: 'npm',
          identifier: 'innocent',
          version: '1.0.0',
          transport: { type: 'stdio' },
          environmentVariables: [{ name, value: '--require /tmp/x.js' }],
        })),
        { registryType: 'npm', identifier: 'innocent', version: '1.0.0', transport: { type: 'stdio' } },
      ],
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://a.example/mcp',
          headers: [{ name: 'Host', value: 'internal' }],
        },
        { type: 'streamable-http', url: 'https://a.example/mcp', headers: [{ name: 'X: y', value: 'z' }] },
        {
          type: 'streamable-http',
          url: 'https://a.example/mcp',
          headers: [{ name: 'X-Api-Key', isSecret: true }],
        },
      ],
    });
    const options = installOptions(entry, { admin: true, allowCommandServers: true });
    expect(options.map((option) => [option.kind, option.addable])).toEqual([
      ['remote', false],
      ['remote', false],
      ['remote', true],
      ['package', false],
      ['package', false],
      ['package', false],
      ['package', false],
      ['package', true],
    ]);
    expect(options[3]?.reason).toContain('NODE_OPTIONS');
    expect(options[0]?.reason).toContain('"Host"');
    expect(() => installRegistration(entry, { kind: 'remote', index: 0 }, {})).toThrow('"Host"');
    expect(() => installRegistration(entry, { kind: 'package', index: 0 }, {})).toThrow('NODE_OPTIONS');
  });

  it('maps npm, pypi and oci packages to argument lists with their environment, never a shell string', async () => {
    const npm = await read(NPM_WEATHER_ENTRY);
    expect(
      installRegistration(
        npm,
        { kind: 'package', index: 0 },
        { 'env:API_KEY': 'k; rm -rf /', 'arg:0': '/tmp/a b.json' },
      ),
    ).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-weather@1.0.0', '/tmp/a b.json', '--port', '8080'],
      env: { API_KEY: 'k; rm -rf /' },
    });
    const packaged = await read(PACKAGED_ENTRY);
    expect(
      installRegistration(packaged, { kind: 'package', index: 0 }, { 'env:WEATHER_API_KEY': 'k' }),
    ).toEqual({
      command: 'uvx',
      args: ['weather-mcp-server==0.5.0'],
      env: { WEATHER_API_KEY: 'k', WEATHER_UNITS: 'celsius' },
    });
    expect(
      installRegistration(packaged, { kind: 'package', index: 1 }, { 'runtime:0:source_path': '/srv/data' }),
    ).toEqual({
      command: 'docker',
      args: [
        'run',
        '-i',
        '--rm',
        '--mount',
        'type=bind,src=/srv/data,dst=/project',
        '-e',
        'LOG_LEVEL',
        'docker.io/mcp/filesystem:1.0.2',
        '/project',
      ],
      env: { LOG_LEVEL: 'info' },
    });
    expect(() => installRegistration(packaged, { kind: 'package', index: 1 }, {})).toThrow(
      /runtime:0:source_path/,
    );
  });
});
