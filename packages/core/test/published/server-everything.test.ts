import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type McpConnection, type McpLayer, ToolCatalog } from '../../src/node.ts';
import {
  customEvents,
  latestToolResults,
  packageBin,
  publishedServer,
  runScripted,
  strictModeProblems,
  transcript,
} from '../support/published-server.ts';

/**
 * `@modelcontextprotocol/server-everything` (the reference test server), unmodified, over stdio,
 * driven through the dispatcher and the agent loop (its connection-level behaviour is covered in
 * test/mcp/server-everything.test.ts).
 */
describe('published server: @modelcontextprotocol/server-everything through the loop', () => {
  let connection: McpConnection;
  let layer: McpLayer;
  const options = () => ({ layers: [layer], mcpClients: new Map([['everything', connection]]) });

  beforeAll(async () => {
    connection = publishedServer('everything', packageBin('@modelcontextprotocol/server-everything'), {
      args: ['stdio'],
    });
    layer = await connection.layer();
  });
  afterAll(() => connection.close());

  test('its tools are listed, prefixed and strict-mode valid; it negotiates 2025-11-25', () => {
    const catalog = new ToolCatalog([layer]);
    const names = catalog.allTools().map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'everything_mcp_echo',
        'everything_mcp_get-sum',
        'everything_mcp_get-tiny-image',
        'everything_mcp_get-resource-reference',
        'everything_mcp_trigger-long-running-operation',
      ]),
    );
    expect(names.every((name) => name.startsWith('everything_mcp_'))).toBe(true);
    expect(strictModeProblems(catalog)).toEqual({});
    expect(catalog.searchTools('add two numbers')[0]?.prefixedName).toBe('everything_mcp_get-sum');
    expect(connection.info).toMatchObject({
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'mcp-servers/everything', version: '2.0.0' },
    });
  });

  test('the loop calls echo, get-sum and get-tiny-image, and both kinds of errors come back as results', async () => {
    const { result } = await runScripted(
      'echo hello, add 2 and 3, show the tiny image, then try some bad calls',
      [
        {
          toolCalls: [
            { id: 'echo', name: 'everything_mcp_echo', input: { message: 'hello' } },
            { id: 'sum', name: 'everything_mcp_get-sum', input: { a: 2, b: 3 } },
            { id: 'image', name: 'everything_mcp_get-tiny-image', input: {} },
          ],
        },
        {
          toolCalls: [
            // Refused by the dispatcher's schema check: never sent to the server.
            { id: 'invalid', name: 'everything_mcp_get-sum', input: { a: 'two', b: 3 } },
            // Valid for the schema (a number) but refused by the server's handler.
            {
              id: 'refused',
              name: 'everything_mcp_get-resource-reference',
              input: { resourceType: 'Text', resourceId: 1.5 },
            },
            { id: 'unknown', name: 'everything_mcp_get-product', input: {} },
          ],
        },
        (request) => ({
          text: `${latestToolResults(request).filter((block) => block.is_error).length} calls failed.`,
        }),
      ],
      options(),
    );

    expect(result.stopReason).toBe('end_turn');
    const calls = transcript(result);
    expect(calls.slice(0, 2)).toEqual([
      { name: 'everything_mcp_echo', args: { message: 'hello' }, result: 'Echo: hello', isError: false },
      {
        name: 'everything_mcp_get-sum',
        args: { a: 2, b: 3 },
        result: 'The sum of 2 and 3 is 5.',
        isError: false,
      },
    ]);
    expect(calls[2]).toMatchObject({ name: 'everything_mcp_get-tiny-image', isError: false });
    expect(calls[2].result).toMatch(/\[image image\/png, \d+ (B|KB)\]/);

    expect(calls[3]).toMatchObject({ name: 'everything_mcp_get-sum', isError: true });
    expect(JSON.parse(calls[3].result)).toMatchObject({
      error: 'Validation failed',
      details: [expect.objectContaining({ path: '/a' })],
    });
    expect(calls[4]).toEqual({
      name: 'everything_mcp_get-resource-reference',
      args: { resourceType: 'Text', resourceId: 1.5 },
      result: 'Invalid resourceId: 1.5. Must be a finite positive integer.',
      isError: true,
    });
    expect(calls[5]).toMatchObject({ name: 'everything_mcp_get-product', isError: true });
    expect(calls[5].result).toContain('unknown tool "everything_mcp_get-product"');
    expect(result.text).toBe('3 calls failed.');
    expect(result.metrics).toMatchObject({ toolCalls: 6, toolErrors: 3 });
  });

  test("the long-running operation's progress reaches the loop as tool_progress events", async () => {
    const { result, events } = await runScripted(
      'run the long operation',
      [
        {
          toolCalls: [
            {
              id: 'long',
              name: 'everything_mcp_trigger-long-running-operation',
              input: { duration: 0.3, steps: 3 },
            },
          ],
        },
        { text: 'Done.' },
      ],
      options(),
    );
    expect(transcript(result)).toEqual([
      {
        name: 'everything_mcp_trigger-long-running-operation',
        args: { duration: 0.3, steps: 3 },
        result: 'Long running operation completed. Duration: 0.3 seconds, Steps: 3.',
        isError: false,
      },
    ]);
    // The last notification may race the result (the SDK drops progress that arrives after it).
    expect(customEvents(events, 'tool_progress').slice(0, 2)).toEqual([
      { toolCallId: 'long', progress: 1, total: 3 },
      { toolCallId: 'long', progress: 2, total: 3 },
    ]);
  });

  test('its resources are listed and read', async () => {
    const resources = await connection.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining(['demo://resource/static/document/features.md']),
    );
    const read = await connection.readResource('demo://resource/static/document/features.md');
    const [content] = read.contents;
    expect(content).toMatchObject({
      uri: 'demo://resource/static/document/features.md',
      mimeType: 'text/markdown',
    });
    expect('text' in content ? content.text : '').toContain('# ');
    const dynamic = await connection.readResource('demo://resource/dynamic/text/1');
    expect('text' in dynamic.contents[0] ? dynamic.contents[0].text : '').toContain('Resource 1');
  });
});
