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

const FIRST = {
  thought: 'Split the trip: train to Lyon, then a bus.',
  thoughtNumber: 1,
  totalThoughts: 2,
  nextThoughtNeeded: true,
};
const SECOND = {
  thought: 'The bus is slow; take the train all the way instead.',
  thoughtNumber: 2,
  totalThoughts: 2,
  nextThoughtNeeded: false,
  isRevision: true,
  revisesThought: 1,
};

/** The server's answer to a thought, as it formats it. */
function progressText(thoughtNumber: number, nextThoughtNeeded: boolean, historyLength: number): string {
  return JSON.stringify(
    { thoughtNumber, totalThoughts: 2, nextThoughtNeeded, branches: [], thoughtHistoryLength: historyLength },
    null,
    2,
  );
}

/** `@modelcontextprotocol/server-sequential-thinking`, unmodified, over stdio. */
describe('published server: @modelcontextprotocol/server-sequential-thinking', () => {
  let connection: McpConnection;
  let layer: McpLayer;

  beforeAll(async () => {
    connection = publishedServer('thinking', packageBin('@modelcontextprotocol/server-sequential-thinking'), {
      env: { DISABLE_THOUGHT_LOGGING: 'true' },
    });
    layer = await connection.layer();
  });
  afterAll(() => connection.close());

  test('its one tool is listed, prefixed and strict-mode valid; it negotiates 2025-11-25', () => {
    const catalog = new ToolCatalog([layer]);
    expect(catalog.allTools().map((tool) => tool.name)).toEqual(['thinking_mcp_sequentialthinking']);
    expect(strictModeProblems(catalog)).toEqual({});
    expect(connection.info).toMatchObject({
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'sequential-thinking-server' },
    });
  });

  test('the loop records two thoughts; a value the server rejects comes back as an error result', async () => {
    const { result } = await runScripted(
      'Plan my trip to Grenoble step by step.',
      [
        { toolCalls: [{ id: 't1', name: 'thinking_mcp_sequentialthinking', input: FIRST }] },
        { toolCalls: [{ id: 't2', name: 'thinking_mcp_sequentialthinking', input: SECOND }] },
        {
          // Passes the advertised schema (boolean or string) but not the server's own check.
          toolCalls: [
            {
              id: 't3',
              name: 'thinking_mcp_sequentialthinking',
              input: { ...SECOND, thoughtNumber: 3, nextThoughtNeeded: 'maybe' },
            },
          ],
        },
        (request) => {
          const [rejected] = latestToolResults(request);
          return { text: rejected.is_error ? 'Take the train all the way to Grenoble.' : 'Unexpected.' };
        },
      ],
      { layers: [layer], mcpClients: new Map([['thinking', connection]]) },
    );

    expect(result.stopReason).toBe('end_turn');
    const calls = transcript(result);
    expect(calls.slice(0, 2)).toEqual([
      {
        name: 'thinking_mcp_sequentialthinking',
        args: FIRST,
        result: progressText(1, true, 1),
        isError: false,
      },
      {
        name: 'thinking_mcp_sequentialthinking',
        args: SECOND,
        result: progressText(2, false, 2),
        isError: false,
      },
    ]);
    expect(calls[2]).toMatchObject({ name: 'thinking_mcp_sequentialthinking', isError: true });
    expect(calls[2].result).toContain('Expected boolean or "true"/"false" string, received "maybe"');
    expect(result.text).toBe('Take the train all the way to Grenoble.');
  });
});
