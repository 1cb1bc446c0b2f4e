import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type McpConnection, type McpLayer, ToolCatalog } from '../../src/node.ts';
import {
  latestToolResults,
  packageBin,
  publishedServer,
  runScripted,
  strictModeProblems,
  transcript,
} from '../support/published-server.ts';

const NOTE = '# Shopping\n- milk\n- bread\n';

/** `@modelcontextprotocol/server-filesystem`, unmodified, over stdio, allowed one temporary folder. */
describe('published server: @modelcontextprotocol/server-filesystem', () => {
  let allowed: string;
  let outside: string;
  let connection: McpConnection;
  let layer: McpLayer;

  beforeAll(async () => {
    // Real paths: the server resolves symlinks and compares against the resolved allowed folder.
    allowed = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-fs-allowed-')));
    outside = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-fs-outside-')));
    await writeFile(join(outside, 'secret.txt'), 'not for the model');
    connection = publishedServer('filesystem', packageBin('@modelcontextprotocol/server-filesystem'), {
      args: [allowed],
    });
    layer = await connection.layer();
  });
  afterAll(async () => {
    await connection.close();
    await rm(allowed, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  test('its tools are listed, prefixed and strict-mode valid; it negotiates 2025-11-25', () => {
    const catalog = new ToolCatalog([layer]);
    const names = catalog.allTools().map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'filesystem_mcp_read_text_file',
        'filesystem_mcp_write_file',
        'filesystem_mcp_edit_file',
        'filesystem_mcp_list_directory',
        'filesystem_mcp_directory_tree',
        'filesystem_mcp_search_files',
        'filesystem_mcp_list_allowed_directories',
      ]),
    );
    expect(names.every((name) => name.startsWith('filesystem_mcp_'))).toBe(true);
    expect(strictModeProblems(catalog)).toEqual({});
    expect(layer.tools.find((tool) => tool.name === 'write_file')?.annotations).toMatchObject({
      destructiveHint: true,
    });
    expect(connection.info).toMatchObject({
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'secure-filesystem-server' },
    });
  });

  test('the loop writes, reads and lists inside the folder; a read outside it is an error result', async () => {
    const notePath = join(allowed, 'shopping.md');
    const traversal = join(allowed, '..', basename(outside), 'secret.txt');
    const { result } = await runScripted(
      'Write my shopping list to shopping.md, read it back, list the folder, and peek at the secret file.',
      [
        {
          toolCalls: [
            { id: 'write', name: 'filesystem_mcp_write_file', input: { path: notePath, content: NOTE } },
          ],
        },
        {
          toolCalls: [
            { id: 'read', name: 'filesystem_mcp_read_text_file', input: { path: notePath } },
            { id: 'list', name: 'filesystem_mcp_list_directory', input: { path: allowed } },
            { id: 'head', name: 'filesystem_mcp_read_text_file', input: { path: notePath, head: 1 } },
          ],
        },
        { toolCalls: [{ id: 'escape', name: 'filesystem_mcp_read_text_file', input: { path: traversal } }] },
        (request) => {
          const [denied] = latestToolResults(request);
          return { text: denied.is_error ? 'Your list is saved; the secret file is off limits.' : 'Oops.' };
        },
      ],
      { layers: [layer], mcpClients: new Map([['filesystem', connection]]) },
    );

    expect(result.stopReason).toBe('end_turn');
    expect(transcript(result)).toEqual([
      {
        name: 'filesystem_mcp_write_file',
        args: { path: notePath, content: NOTE },
        result: `Successfully wrote to ${notePath}`,
        isError: false,
      },
      { name: 'filesystem_mcp_read_text_file', args: { path: notePath }, result: NOTE, isError: false },
      {
        name: 'filesystem_mcp_list_directory',
        args: { path: allowed },
        result: '[FILE] shopping.md',
        isError: false,
      },
      {
        name: 'filesystem_mcp_read_text_file',
        args: { path: notePath, head: 1 },
        result: '# Shopping',
        isError: false,
      },
      {
        name: 'filesystem_mcp_read_text_file',
        args: { path: traversal },
        result: `Access denied - path outside allowed directories: ${join(outside, 'secret.txt')} not in ${allowed}`,
        isError: true,
      },
    ]);
    expect(result.text).toBe('Your list is saved; the secret file is off limits.');
    expect(result.metrics.toolErrors).toBe(1);
    expect(await readFile(notePath, 'utf8')).toBe(NOTE);
  });

  test('arguments that break the tool schema are refused before they reach the server', async () => {
    const { result } = await runScripted(
      'list the folder',
      [
        { toolCalls: [{ id: 'bad', name: 'filesystem_mcp_list_directory', input: { folder: allowed } }] },
        { text: 'I need a path.' },
      ],
      { layers: [layer], mcpClients: new Map([['filesystem', connection]]) },
    );
    const [call] = result.toolCalls;
    expect(call.error).toBe('Validation failed');
    expect(JSON.parse(call.result)).toMatchObject({
      error: 'Validation failed',
      expected_schema: { required: ['path'] },
    });
  });
});
