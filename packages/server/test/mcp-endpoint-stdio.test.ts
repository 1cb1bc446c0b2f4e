import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, type TestGateway } from './support/test-gateway.ts';
import { startToolsGateway, type ToolsGateway } from './support/tools-gateway.ts';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

describe('switchboard mcp (stdio bridge to /mcp)', () => {
  let stack: ToolsGateway;
  let gw: TestGateway;

  beforeAll(async () => {
    stack = await startToolsGateway('pglite', {
      name: 'test tools',
      gateway: { allowPrivateNetworks: true },
    });
    gw = stack.gateway;
  });
  afterAll(() => stack?.close());

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
