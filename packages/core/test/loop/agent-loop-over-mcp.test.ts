import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAgentLoop } from '../../src/loop/run-agent-loop.ts';
import { McpClientPool } from '../../src/mcp/index.ts';
import { stdioTransport } from '../../src/mcp-node/index.ts';
import { createScriptedModel } from '../../src/testing/scripted-model.ts';
import type { AgentEvent } from '../../src/types/events.ts';
import type { McpLayer } from '../../src/types/layers.ts';
import type { ChatMessage, ToolResultBlock } from '../../src/types/messages.ts';
import type { RunningHttpServer } from '../fixtures/http-servers.ts';
import { listen, modernHandler } from '../fixtures/http-servers.ts';
import { createTestServer, createTestServerState } from '../fixtures/test-mcp-server.ts';
import { SERVER_EVERYTHING } from '../support/mcp-test-servers.ts';

/** The agent loop end to end over real MCP transports: our server over Streamable HTTP, server-everything over stdio. */
describe('the agent loop over real MCP servers', () => {
  const state = createTestServerState();
  const pool = new McpClientPool();
  let http: RunningHttpServer;
  let layers: McpLayer[];

  beforeAll(async () => {
    const handler = modernHandler(() => createTestServer({ state }));
    http = await listen(handler.handle);
    pool.add({ name: 'tests', transport: { type: 'http', url: `${http.url}/mcp` }, timeoutMs: 5_000 });
    pool.add({
      name: 'everything',
      transport: stdioTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
      timeoutMs: 5_000,
    });
    const loaded = await pool.layers();
    expect(loaded.failures).toEqual([]);
    layers = loaded.layers;
  });
  afterAll(async () => {
    await pool.close();
    await http.close();
  });

  const lastResults = (messages: ChatMessage[]) =>
    (messages.findLast(
      (message) => Array.isArray(message.content) && message.content[0]?.type === 'tool_result',
    )?.content ?? []) as ToolResultBlock[];

  test('discovers, activates and calls tools on both servers, with errors and timeouts as tool results; progress keeps a call alive', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 's1', name: 'everything_mcp_search_tools', input: { query: 'add two numbers sum' } },
        ],
      },
      {
        toolCalls: [
          { id: 'c1', name: 'everything_mcp_get-sum', input: { a: 2, b: 3 } },
          { id: 'c2', name: 'tests_mcp_echo', input: { text: 'over http' } },
        ],
      },
      {
        toolCalls: [
          { id: 'c3', name: 'tests_mcp_fail', input: {} },
          { id: 'c4', name: 'tests_mcp_slow', input: { ms: 3_000, steps: 1 } },
          { id: 'c5', name: 'tests_mcp_slow', input: { ms: 900, steps: 9 } },
        ],
      },
      (request) => ({
        text: `Results: ${lastResults(request.messages)
          .map((result) => result.content.slice(0, 40))
          .join(' | ')}`,
      }),
    ]);
    const events: AgentEvent[] = [];
    const result = await runAgentLoop('add 2 and 3, echo something, then try the flaky tools', {
      provider: model,
      layers,
      mcpClients: pool.clients,
      toolTimeoutMs: 400,
      callbacks: { onEvent: (event) => events.push(event) },
    });

    expect(result.stopReason).toBe('end_turn');
    const search = JSON.parse(lastResults(model.requests[1].messages)[0].content);
    expect(search.results[0].name).toBe('everything_mcp_get-sum');
    const byId = Object.fromEntries(result.toolCalls.map((call) => [call.id, call]));
    expect(byId.c1.result).toContain('5');
    expect(byId.c1.guided).toBe(true);
    expect(byId.c2.result).toBe('over http');
    expect(byId.c3.error).toBeDefined();
    expect(byId.c4.result).toMatch(/tests_mcp_slow timed out after 400 ms|timed out/);
    // Quiet for 3 s: timed out at 400 ms. Reporting progress every 100 ms: runs its 900 ms.
    expect(byId.c5.result).toBe('slept 900 ms');

    const toolsSent = model.requests.map((request) => request.tools.map((tool) => tool.name));
    expect(toolsSent[0]).not.toContain('tests_mcp_big');
    expect(toolsSent[2]).toEqual(expect.arrayContaining(['tests_mcp_big', 'everything_mcp_get-tiny-image']));
    expect(toolsSent[2].slice(0, toolsSent[1].length)).toEqual(toolsSent[1]);
    expect(events.some((event) => event.type === 'CUSTOM' && event.name === 'tool_progress')).toBe(true);
    expect(result.metrics.toolErrors).toBe(2);
  });

  test('a stop during a slow MCP call cancels it on the server and ends the run as aborted', async () => {
    const controller = new AbortController();
    const cancelledBefore = state.cancelledCalls;
    const run = runAgentLoop('be slow', {
      provider: createScriptedModel([
        { toolCalls: [{ id: 'slow', name: 'tests_mcp_slow', input: { ms: 5_000, steps: 50 } }] },
        { text: 'never' },
      ]),
      layers,
      mcpClients: pool.clients,
      signal: controller.signal,
      callbacks: {
        onEvent: (event) => {
          if (event.type === 'CUSTOM' && event.name === 'tool_progress') controller.abort();
        },
      },
    });
    const result = await run;
    expect(result.stopReason).toBe('aborted');
    expect(lastResults(result.session.messages)[0]).toMatchObject({ tool_use_id: 'slow', is_error: true });
    await expect.poll(() => state.cancelledCalls).toBeGreaterThan(cancelledBefore);
  });

  test('a large MCP result is truncated for the model and fully recallable', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ id: 'big1', name: 'tests_mcp_big', input: {} }] },
      { toolCalls: [{ id: 'r1', name: 'recall', input: { id: 'big1' } }] },
      { text: 'ok' },
    ]);
    const result = await runAgentLoop('big', {
      provider: model,
      layers,
      mcpClients: pool.clients,
      maxResultLength: 10_000,
    });
    expect(result.toolCalls[0].result.length).toBeLessThanOrEqual(10_000);
    expect(result.toolCalls[0].result).toContain("recall('big1')");
    expect(result.session.results.get('big1')?.length).toBe(5 * 1024 * 1024);
  });
});
