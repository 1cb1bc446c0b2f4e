import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, type TestGateway } from './support/test-gateway.ts';
import { startToolsGateway, type ToolsGateway } from './support/tools-gateway.ts';

const run = promisify(execFile);

/** The published MCP Inspector's launcher (`mcp-inspector --cli …`), run with this process's Node. */
const inspectorLauncher = fileURLToPath(
  import.meta.resolve('@modelcontextprotocol/inspector/clients/launcher/build/index.js'),
);

describe('the MCP Inspector CLI through /mcp', () => {
  let catalogDir: string;
  let stack: ToolsGateway;
  let gw: TestGateway;

  /** Runs `mcp-inspector --cli <gateway>/mcp?mode=aggregate` with Alice's key and parses its JSON answer. */
  const inspect = async (...args: string[]) => {
    const { stdout } = await run(
      process.execPath,
      [
        inspectorLauncher,
        '--cli',
        `${gw.url}/mcp?mode=aggregate`,
        '--transport',
        'http',
        '--header',
        `Authorization: Bearer ${KEYS.alice}`,
        ...args,
      ],
      // The Inspector keeps a catalog of servers; give it a scratch one instead of the home directory's.
      { env: { ...process.env, MCP_CATALOG_PATH: join(catalogDir, 'mcp.json') } },
    );
    return JSON.parse(stdout);
  };

  beforeAll(async () => {
    catalogDir = await mkdtemp(join(tmpdir(), 'switchboard-inspector-'));
    stack = await startToolsGateway('pglite', {
      name: 'test tools',
      gateway: { allowPrivateNetworks: true },
    });
    gw = stack.gateway;
  });
  afterAll(async () => {
    await stack?.close();
    await rm(catalogDir, { recursive: true, force: true });
  });

  it('lists the gateway’s tools and calls one', async () => {
    const listed = await inspect('--method', 'tools/list');
    expect(listed.tools.map((tool: { name: string }) => tool.name)).toContain('test_tools_echo');

    const called = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'test_tools_echo',
      '--tool-arg',
      'text=hi',
    );
    expect(called.content).toEqual([{ type: 'text', text: 'echo: hi' }]);
  });

  it('is sent to authorization without the key (the 401 names the protected-resource metadata)', async () => {
    const args = [
      '--cli',
      `${gw.url}/mcp`,
      '--transport',
      'http',
      '--stored-auth-only',
      '--method',
      'tools/list',
    ];
    await expect(
      run(process.execPath, [inspectorLauncher, ...args], {
        env: { ...process.env, MCP_CATALOG_PATH: join(catalogDir, 'mcp.json') },
      }),
    ).rejects.toThrow(/"code":"auth_required"/);
  });
});
