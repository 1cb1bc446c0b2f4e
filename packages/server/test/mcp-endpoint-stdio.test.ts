import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

describe('switchboard mcp (stdio bridge to /mcp)', () => {
  let tools: TestMcpServer;
  let gw: TestGateway;

  beforeAll(async () => {
    tools = await startTestMcpServer();
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'test tools', url: tools.url }],
      allowPrivateNetworks: true,
    });
  });
  afterAll(async () => {
    await gw?.close();
    await tools?.close();
  });

  const launch = async (key: string, mode: 'auto' | 'legacy') => {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' }, { versionNegotiation: { mode } });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--mode', 'aggregate'],
      env: { ...process.env, SWITCHBOARD_URL: gw.url, SWITCHBOARD_API_KEY: key } as Record<string, string>,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    return { client, transport, stderr: () => stderr };
  };

  for (const mode of ['auto', 'legacy'] as const) {
    it(`lists and calls the user's tools over stdio (${mode})`, async () => {
      const { client, transport } = await launch(KEYS.alice, mode);
      await client.connect(transport);
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toContain('test_tools_echo');
        const result = await client.callTool({ name: 'test_tools_echo', arguments: { text: 'over stdio' } });
        expect(result.content).toEqual([{ type: 'text', text: 'echo: over stdio' }]);
      } finally {
        await client.close();
      }
    });
  }

  it('says why when the key is wrong, without printing it', async () => {
    const { client, transport, stderr } = await launch('sk-wrong-key', 'legacy');
    await expect(client.connect(transport)).rejects.toThrow();
    await client.close().catch(() => undefined);
    expect(stderr()).toContain('switchboard mcp:');
    expect(stderr()).not.toContain('sk-wrong-key');
  });
});
