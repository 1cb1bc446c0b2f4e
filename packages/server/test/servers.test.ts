import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueuedModel, queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

const SERVERS_CLI = fileURLToPath(new URL('../../servers/src/cli.ts', import.meta.url));
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** Runs the `switchboard` CLI against the test gateway, with `input` on stdin. */
function switchboard(
  url: string,
  args: string[],
  input = '',
): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args, '--url', url, '--key', KEYS.alice],
      { timeout: 20_000 },
      (error, stdout, stderr) => resolve({ stdout, stderr, code: error ? Number(error.code ?? 1) : 0 }),
    );
    child.stdin?.end(input);
  });
}

describe('MCP server registry', () => {
  let mcp: TestMcpServer;
  let gw: TestGateway;
  let model: QueuedModel;

  beforeAll(async () => {
    mcp = await startTestMcpServer();
    model = queuedModel();
    gw = await startTestGateway('pglite', { model, allowCommandServers: true });
  });

  afterAll(async () => {
    await gw?.close();
    await mcp?.close();
  });

  it('registers a URL (administrator), lists its tools and calls one, returning the widget it describes', async () => {
    const created = await gw.admin.post('/servers', {
      name: 'test-tools',
      url: mcp.url,
      description: 'Tools for tests',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'test-tools',
      owner: 'deployment',
      transport: { type: 'http', url: mcp.url },
      enabled: true,
    });
    const id = created.body.id;
    const tools = await gw.alice.get(`/servers/${id}/tools`);
    expect(tools.body.items.map((tool: { name: string }) => tool.name)).toEqual(
      expect.arrayContaining(['echo', 'show_products', 'delete_everything', 'block']),
    );
    expect((await gw.alice.get('/servers')).body.items[0]).toMatchObject({
      name: 'test-tools',
      status: 'connected',
      tool_count: 6,
    });

    const call = await gw.alice.post(`/servers/${id}/tools/call`, {
      name: 'show_products',
      arguments: { query: 'milk' },
    });
    expect(call.body).toMatchObject({
      success: true,
      is_error: false,
      widget: { type: 'cards', data: { title: 'Milk' } },
    });
    expect(
      (await gw.alice.post(`/servers/${id}/tools/call`, { name: 'echo', arguments: { text: 'hi' } })).body
        .content,
    ).toBe('echo: hi');
    const unknown = await gw.alice.post(`/servers/${id}/tools/call`, { name: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.tools).toContain('echo');
    expect((await gw.admin.post('/servers', { name: 'test-tools', url: mcp.url })).status).toBe(409);
  });

  it('stops and starts a server; a stopped server offers no tools', async () => {
    const id = (await gw.admin.get('/servers')).body.items.find(
      (s: { name: string }) => s.name === 'test-tools',
    ).id;
    expect((await gw.alice.post(`/servers/${id}/stop`)).status).toBe(403);
    expect((await gw.admin.post(`/servers/${id}/stop`)).body).toMatchObject({
      enabled: false,
      status: 'stopped',
    });
    expect((await gw.alice.get(`/servers/${id}/tools`)).body.error.code).toBe('server_unavailable');
    const conversation = (await gw.alice.post('/conversations', {})).body.id;
    expect((await gw.alice.get(`/conversations/${conversation}/tools/available`)).body.items).toEqual([]);
    expect((await gw.admin.post(`/servers/${id}/start`)).body).toMatchObject({
      enabled: true,
      status: 'connected',
    });
    expect((await gw.alice.get(`/conversations/${conversation}/tools/available`)).body.items.length).toBe(6);
  });

  it('tells a server the roots it was registered with (MCP roots)', async () => {
    const everything = fileURLToPath(
      import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
    );
    const created = await gw.admin.post('/servers', {
      name: 'everything',
      command: process.execPath,
      args: [everything, 'stdio'],
      roots: [{ uri: 'file:///srv/projects/shop', name: 'Shop project' }],
    });
    expect(created.status).toBe(201);
    const call = await gw.admin.post(`/servers/${created.body.id}/tools/call`, { name: 'get-roots-list' });
    expect(JSON.stringify(call.body)).toContain('file:///srv/projects/shop');

    const server = `/servers/${created.body.id}`;
    const prompts = await gw.alice.get(`${server}/prompts`);
    expect(prompts.body.items.map((prompt: { name: string }) => prompt.name)).toContain('args-prompt');
    const prompt = await gw.alice.post(`${server}/prompts/get`, {
      name: 'args-prompt',
      arguments: { city: 'Lisbon' },
    });
    expect(prompt.body.messages[0].content).toEqual({ type: 'text', text: "What's weather in Lisbon?" });
    expect((await gw.alice.post(`${server}/prompts/get`, { name: 'no-such-prompt' })).status).toBe(400);
    const resources = await gw.alice.get(`${server}/resources`);
    expect(resources.body.templates.length).toBeGreaterThan(0);
    const uri = resources.body.items[0].uri as string;
    const read = await gw.alice.post(`${server}/resources/read`, { uri });
    expect(read.body.contents[0].uri).toBe(uri);
    expect((await gw.admin.delete(`/servers/${created.body.id}`)).status).toBe(200);
  });

  it('keeps users off loopback and private networks, and stdio commands for administrators', async () => {
    for (const url of [
      'http://127.0.0.1:1/mcp',
      'http://localhost:1/mcp',
      'http://10.1.2.3/mcp',
      'http://[::1]:1/mcp',
      'http://169.254.169.254/latest',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const reply = await gw.alice.post('/servers', { name: 'sneaky', url });
      expect(reply.status, url).toBe(403);
      expect(reply.body.error.code).toBe('forbidden_url');
    }
    expect((await gw.alice.post('/servers', { name: 'ftp', url: 'ftp://example.com/' })).status).toBe(403);
    const stdio = await gw.alice.post('/servers', { name: 'shell', command: '/bin/sh', args: ['-c', 'id'] });
    expect(stdio.status).toBe(403);
    expect(stdio.body.error.message).toMatch(/administrator/);
    expect(
      (await gw.alice.post('/servers', { name: 'both', url: 'https://example.com', command: 'x' })).status,
    ).toBe(400);
  });

  it('lets users register public servers that only they (and administrators) see and manage', async () => {
    const mine = await gw.alice.post('/servers', {
      name: 'alice-remote',
      url: 'http://93.184.216.34/mcp',
      headers: { authorization: 'Bearer secret' },
    });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ owner: 'you', transport: { headers: { authorization: '***' } } });
    expect(JSON.stringify((await gw.alice.get('/servers')).body)).not.toContain('secret');
    expect((await gw.bob.get('/servers')).body.items.map((s: { name: string }) => s.name)).not.toContain(
      'alice-remote',
    );
    expect((await gw.bob.delete(`/servers/${mine.body.id}`)).status).toBe(404);
    expect((await gw.admin.get(`/servers/${mine.body.id}`)).body.owner).toBe('alice');
    expect((await gw.alice.delete(`/servers/${mine.body.id}`)).body).toEqual({ success: true });
  });

  it('runs an administrator-registered stdio server', async () => {
    const created = await gw.admin.post('/servers', {
      name: 'calculator',
      command: process.execPath,
      args: [SERVERS_CLI, 'calculator-storage'],
      env: { SECRET_TOKEN: 'hidden' },
    });
    expect(created.status).toBe(201);
    expect(created.body.transport.env).toEqual({ SECRET_TOKEN: '***' });
    const result = await gw.alice.post(`/servers/${created.body.id}/tools/call`, {
      name: 'calculate',
      arguments: { operation: 'multiply', a: 6, b: 7 },
    });
    expect(result.body).toMatchObject({ success: true, content: '42' });
    await gw.admin.delete(`/servers/${created.body.id}`);
  });

  it('answers the CLI: servers, tools, call and a chat with a tool call', async () => {
    const servers = await switchboard(gw.url, ['servers']);
    expect(servers.stdout).toMatch(/^NAME\s+STATUS\s+TOOLS\s+OWNER\s+WHERE/);
    expect(servers.stdout).toMatch(/test-tools\s+connected\s+6\s+deployment/);
    expect((await switchboard(gw.url, ['tools', 'test-tools'])).stdout).toMatch(
      /^echo\n\s+Returns the text it was given\./m,
    );
    const call = await switchboard(gw.url, [
      'call',
      'test-tools',
      'show_products',
      '--args',
      '{"query":"milk"}',
    ]);
    expect(call.stdout).toContain('(renders a "cards" widget)');
    const bad = await switchboard(gw.url, ['call', 'test-tools', 'echo', '--args', '{oops']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--args must be a JSON object/);

    model.enqueue(
      { toolCalls: [{ name: 'test_tools_mcp_echo', input: { text: 'from the terminal' } }] },
      { text: 'All done.' },
    );
    const chat = await switchboard(gw.url, ['chat'], 'Echo something\n/quit\n');
    expect(chat.stdout).toContain('⚙ test_tools_mcp_echo {"text":"from the terminal"}');
    expect(chat.stdout).toContain('↳ echo: from the terminal');
    expect(chat.stdout).toContain('assistant › All done.');
  });
});
