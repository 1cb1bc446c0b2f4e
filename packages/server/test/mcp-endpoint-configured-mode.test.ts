import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Serving, serve } from '../src/cli/serve-command.ts';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

/** `switchboard serve` whose configuration file sets `/mcp`'s default mode. */
describe('mcpMode in the configuration file', () => {
  let dir: string;
  let tools: TestMcpServer;
  let serving: Serving;
  let client: Client;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-mcp-mode-'));
    tools = await startTestMcpServer();
    // One server: without mcpMode, /mcp would be in aggregate mode.
    const config = {
      shippedServers: false,
      webDir: join(dir, 'no-web-app'),
      logLevel: 'silent',
      allowPrivateNetworks: true,
      servers: [{ name: 'test tools', url: tools.url }],
      mcpMode: 'discovery',
    };
    await writeFile(join(dir, 'config.json'), JSON.stringify(config));
    serving = await serve(
      { config: join(dir, 'config.json'), port: 0, dataDir: join(dir, 'data') },
      { SWITCHBOARD_SECRET_KEY: 'a'.repeat(64), SWITCHBOARD_ADMIN_KEY: 'sk-configured-mode' },
    );
    client = await connectEndpoint(serving.url, { key: 'sk-configured-mode' });
  });
  afterAll(async () => {
    await client?.close();
    await serving?.close();
    await tools?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is the mode of a client that names none, and ?mode= still wins', async () => {
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toEqual(['search_tools', 'describe_tool', 'call_tool']);

    const aggregate = await connectEndpoint(serving.url, { key: 'sk-configured-mode', mode: 'aggregate' });
    try {
      expect((await aggregate.listTools()).tools.map((tool) => tool.name)).toContain('test_tools_echo');
    } finally {
      await aggregate.close();
    }
  });
});
