import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { McpConnection, type McpLayer, ToolCatalog } from '../../src/node.ts';
import { freePort } from '../support/mcp-test-servers.ts';
import {
  latestToolResults,
  packageBin,
  publishedServer,
  type RunningProcess,
  runScripted,
  startProcess,
  strictModeProblems,
  transcript,
} from '../support/published-server.ts';

const ENTRY = packageBin('@modelcontextprotocol/server-basic-vanillajs');
const UI_URI = 'ui://get-time/mcp-app.html';
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The HTML of an MCP App resource, checked for the MCP Apps MIME type. */
function appHtml(read: ReadResourceResult): string {
  const [content] = read.contents;
  expect(content).toMatchObject({ uri: UI_URI, mimeType: 'text/html;profile=mcp-app' });
  return 'text' in content ? content.text : '';
}

/**
 * `@modelcontextprotocol/server-basic-vanillajs`, the MCP Apps example (ext-apps 2.x, built on the
 * v2 SDK): one tool, `get-time`, linked to an HTML app served as the resource `ui://get-time/mcp-app.html`.
 * It speaks stdio with `--stdio` (as its README configures it) and Streamable HTTP by default.
 */
describe('published MCP Apps server: @modelcontextprotocol/server-basic-vanillajs over stdio', () => {
  let connection: McpConnection;
  let layer: McpLayer;

  beforeAll(async () => {
    connection = publishedServer('apps', ENTRY, { args: ['--stdio'] });
    layer = await connection.layer();
  });
  afterAll(() => connection.close());

  test('its tool is listed and prefixed with its UI resource link; it negotiates 2025-11-25', () => {
    const catalog = new ToolCatalog([layer]);
    expect(catalog.allTools().map((tool) => tool.name)).toEqual(['apps_mcp_get-time']);
    expect(strictModeProblems(catalog)).toEqual({});
    const parsed = catalog.parse('apps_mcp_get-time');
    expect(parsed?.kind === 'tool' && parsed.tool._meta).toEqual({
      ui: { resourceUri: UI_URI },
      'ui/resourceUri': UI_URI,
    });
    expect(connection.info).toMatchObject({
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'Basic MCP App Server (Vanilla JS)' },
    });
  });

  test('the loop lists its tools, calls get-time, and gets a bad call back as an error result', async () => {
    const { result } = await runScripted(
      'What time is it on the server?',
      [
        { toolCalls: [{ id: 'list', name: 'apps_mcp_list_tools', input: {} }] },
        {
          toolCalls: [
            { id: 'time', name: 'apps_mcp_get-time', input: {} },
            { id: 'bad', name: 'apps_mcp_get-time', input: 'not json' },
          ],
        },
        (request) => {
          const [time] = latestToolResults(request);
          return { text: `The server time is ${time.content}.` };
        },
      ],
      { layers: [layer], mcpClients: new Map([['apps', connection]]) },
    );

    expect(result.stopReason).toBe('end_turn');
    const [list, time, bad] = transcript(result);
    expect(list).toMatchObject({ name: 'apps_mcp_list_tools', isError: false });
    expect(list.result).toContain('apps_mcp_get-time');
    expect(time).toMatchObject({ name: 'apps_mcp_get-time', args: {}, isError: false });
    expect(time.result).toMatch(ISO_TIME);
    expect(bad).toEqual({
      name: 'apps_mcp_get-time',
      args: 'not json',
      result:
        'Error: the input of apps_mcp_get-time must be a JSON object of arguments, not a string that is not JSON',
      isError: true,
    });
    expect(result.text).toBe(`The server time is ${time.result}.`);
    expect(result.toolCalls[0].guided).toBe(false);
    expect(result.toolCalls[1].guided).toBe(true);
  });

  test('the UI resource the tool points to is listed and read: a self-contained HTML app', async () => {
    const resources = await connection.listResources();
    expect(resources).toEqual([
      expect.objectContaining({ uri: UI_URI, mimeType: 'text/html;profile=mcp-app' }),
    ]);
    const html = appHtml(await connection.readResource(UI_URI));
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<title>Get Time App</title>');
  });
});

describe('published MCP Apps server: @modelcontextprotocol/server-basic-vanillajs over Streamable HTTP', () => {
  let server: RunningProcess;
  let connection: McpConnection;

  beforeAll(async () => {
    const port = await freePort();
    server = await startProcess(ENTRY, { PORT: String(port) }, 'MCP server listening');
    connection = new McpConnection({
      name: 'apps',
      transport: { type: 'http', url: `http://127.0.0.1:${port}/mcp` },
      timeoutMs: 10_000,
    });
  });
  afterAll(async () => {
    await connection.close();
    await server.stop();
  });

  test('its stateless endpoint answers tool calls and resource reads (2025-11-25, no 2026 revision)', async () => {
    const { result } = await runScripted(
      'time?',
      [{ toolCalls: [{ id: 'time', name: 'apps_mcp_get-time', input: {} }] }, { text: 'ok' }],
      { layers: [await connection.layer()], mcpClients: new Map([['apps', connection]]) },
    );
    expect(result.toolCalls[0].result).toMatch(ISO_TIME);
    expect(connection.info).toMatchObject({ transport: 'streamable-http', protocolVersion: '2025-11-25' });
    expect(appHtml(await connection.readResource(UI_URI))).toContain('<title>Get Time App</title>');
  });
});
