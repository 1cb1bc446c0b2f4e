import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

const ENTITIES = [
  { name: 'Ada Lovelace', entityType: 'person', observations: ['wrote the first published program'] },
  { name: 'Analytical Engine', entityType: 'machine', observations: ['designed by Charles Babbage'] },
];
const RELATION = { from: 'Ada Lovelace', to: 'Analytical Engine', relationType: 'programmed' };
const GRAPH = { entities: ENTITIES, relations: [RELATION] };

/** `@modelcontextprotocol/server-memory` (a knowledge graph in a JSONL file), unmodified, over stdio. */
describe('published server: @modelcontextprotocol/server-memory', () => {
  let folder: string;
  let memoryFile: string;
  let connection: McpConnection;
  let layer: McpLayer;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'switchboard-memory-'));
    memoryFile = join(folder, 'memory.jsonl');
    connection = publishedServer('memory', packageBin('@modelcontextprotocol/server-memory'), {
      env: { MEMORY_FILE_PATH: memoryFile },
    });
    layer = await connection.layer();
  });
  afterAll(async () => {
    await connection.close();
    await rm(folder, { recursive: true, force: true });
  });

  test('its tools are listed, prefixed and strict-mode valid; it negotiates 2025-11-25', () => {
    const catalog = new ToolCatalog([layer]);
    expect(catalog.allTools().map((tool) => tool.name)).toEqual([
      'memory_mcp_create_entities',
      'memory_mcp_create_relations',
      'memory_mcp_add_observations',
      'memory_mcp_delete_entities',
      'memory_mcp_delete_observations',
      'memory_mcp_delete_relations',
      'memory_mcp_read_graph',
      'memory_mcp_search_nodes',
      'memory_mcp_open_nodes',
    ]);
    expect(strictModeProblems(catalog)).toEqual({});
    expect(catalog.parse('memory_mcp_search_nodes')).toMatchObject({
      kind: 'tool',
      toolName: 'search_nodes',
    });
    expect(connection.info).toMatchObject({
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'memory-server' },
    });
  });

  test('the loop creates entities, reads them back, and gets an unknown entity as an error result', async () => {
    const { result, model } = await runScripted(
      'Remember that Ada Lovelace programmed the Analytical Engine, then tell me what you know about programs.',
      [
        // One write per turn: the server rewrites its whole file on every change, so two writes in
        // one (parallel) step can lose one of them.
        { toolCalls: [{ id: 'create', name: 'memory_mcp_create_entities', input: { entities: ENTITIES } }] },
        {
          toolCalls: [
            { id: 'relate', name: 'memory_mcp_create_relations', input: { relations: [RELATION] } },
          ],
        },
        {
          toolCalls: [
            { id: 'graph', name: 'memory_mcp_read_graph', input: {} },
            { id: 'search', name: 'memory_mcp_search_nodes', input: { query: 'program' } },
          ],
        },
        {
          toolCalls: [
            {
              id: 'missing',
              name: 'memory_mcp_add_observations',
              input: { observations: [{ entityName: 'Grace Hopper', contents: ['wrote a compiler'] }] },
            },
          ],
        },
        (request) => {
          const [missing] = latestToolResults(request);
          return { text: `Noted. (Grace Hopper is not in the graph: ${missing.content})` };
        },
      ],
      { layers: [layer], mcpClients: new Map([['memory', connection]]) },
    );

    expect(result.stopReason).toBe('end_turn');
    const pretty = (value: unknown) => JSON.stringify(value, null, 2);
    expect(transcript(result)).toEqual([
      {
        name: 'memory_mcp_create_entities',
        args: { entities: ENTITIES },
        result: pretty(ENTITIES),
        isError: false,
      },
      {
        name: 'memory_mcp_create_relations',
        args: { relations: [RELATION] },
        result: pretty([RELATION]),
        isError: false,
      },
      { name: 'memory_mcp_read_graph', args: {}, result: pretty(GRAPH), isError: false },
      {
        name: 'memory_mcp_search_nodes',
        args: { query: 'program' },
        result: pretty({ entities: [ENTITIES[0]], relations: [RELATION] }),
        isError: false,
      },
      {
        name: 'memory_mcp_add_observations',
        args: { observations: [{ entityName: 'Grace Hopper', contents: ['wrote a compiler'] }] },
        result: 'Entity with name Grace Hopper not found',
        isError: true,
      },
    ]);
    expect(result.text).toBe(
      'Noted. (Grace Hopper is not in the graph: Entity with name Grace Hopper not found)',
    );
    expect(result.session.messages.at(-2)).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'missing',
          content: 'Entity with name Grace Hopper not found',
          is_error: true,
        },
      ],
    });

    // Lazy discovery: the first request offers discovery tools only; the first call activates the server.
    const toolNames = model.requests.map((request) => request.tools.map((tool) => tool.name));
    expect(toolNames[0]).toEqual(['memory_mcp_search_tools', 'memory_mcp_list_tools']);
    expect(toolNames[1]).toEqual(expect.arrayContaining(['memory_mcp_read_graph', 'memory_mcp_open_nodes']));

    // The server really wrote the graph to the file it was given.
    const lines = (await readFile(memoryFile, 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { type: 'entity', ...ENTITIES[0] },
      { type: 'entity', ...ENTITIES[1] },
      { type: 'relation', ...RELATION },
    ]);
  });

  test('its knowledge-graph resource is listed and read', async () => {
    const resources = await connection.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['memory://knowledge-graph']);
    const read = await connection.readResource('memory://knowledge-graph');
    const [content] = read.contents;
    expect(content.uri).toBe('memory://knowledge-graph');
    expect(JSON.parse('text' in content ? content.text : '')).toEqual(GRAPH);
  });
});
