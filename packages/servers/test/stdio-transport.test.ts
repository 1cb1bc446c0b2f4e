import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** Starts `cli.ts <args>` as a child process and connects a real MCP client to its stdio. */
async function spawnServer(...args: string[]): Promise<Client> {
  const client = new Client({ name: 'stdio-test', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [CLI, ...args], stderr: 'pipe' }),
  );
  return client;
}

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text: string }[])[0].text;
}

describe('stdio transport through the CLI', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shop-stdio-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves calculator-storage: tools and the storage resource', async () => {
    const client = await spawnServer('calculator-storage');
    expect(client.getServerVersion()?.name).toBe('calculator-storage');
    expect(
      text(await client.callTool({ name: 'calculate', arguments: { operation: 'multiply', a: 6, b: 7 } })),
    ).toBe('42');
    await client.callTool({ name: 'set-storage', arguments: { key: 'answer', value: '42' } });
    const read = await client.readResource({ uri: 'storage://answer' });
    expect(read.contents[0]).toMatchObject({ uri: 'storage://answer', text: '42' });
    await client.close();
  });

  it('serves the shop and keeps a cart across a restart of the process', async () => {
    const first = await spawnServer('shop', '--data-dir', dataDir);
    await first.callTool({ name: 'add_to_cart', arguments: { code: 'DAI-001', quantity: 2 } });
    await first.close();

    const second = await spawnServer('shop', '--data-dir', dataDir);
    const cart = JSON.parse(text(await second.callTool({ name: 'get_cart', arguments: {} })));
    expect(cart.items).toMatchObject([{ code: 'DAI-001', quantity: 2 }]);
    await second.close();
  });

  it('serves open-data: its database worker answers SQL', async () => {
    const client = await spawnServer('open-data');
    const result = await client.callTool({
      name: 'query_sql',
      arguments: { sql: 'SELECT name FROM countries WHERE cca3 = $1', params: ['JPN'] },
    });
    expect(JSON.parse(text(result)).rows).toEqual([{ name: 'Japan' }]);
    await client.close();
  });
});
