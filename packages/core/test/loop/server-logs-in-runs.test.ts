import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAgentLoop } from '../../src/loop/run-agent-loop.ts';
import { McpClientPool } from '../../src/mcp/index.ts';
import { createScriptedModel } from '../../src/testing/scripted-model.ts';
import type { AgentEvent } from '../../src/types/events.ts';
import type { McpLayer } from '../../src/types/layers.ts';
import { listenSessionful, type RunningHttpServer } from '../fixtures/http-servers.ts';
import { createLoggingServer, loggingGate } from '../fixtures/logging-server.ts';
import { loadedLayers } from '../support/test-layers.ts';

/** Two conversations' turns call one server at once: each turn's events carry its own call's log line. */
describe('server log messages in the events of the run whose call they came from (Streamable HTTP)', () => {
  const pool = new McpClientPool();
  const { promise: allLogged, resolve: release } = Promise.withResolvers<void>();
  /** Every log line received, by a run or by the connection itself; the tools answer once both arrived. */
  const received: string[] = [];
  const receive = (line: string) => {
    received.push(line);
    if (received.length === 2) release();
  };
  const gate = loggingGate(2, allLogged);
  let server: RunningHttpServer;
  let layers: McpLayer[];

  beforeAll(async () => {
    server = await listenSessionful(() => createLoggingServer(gate));
    pool.add({
      name: 'logging',
      transport: { type: 'http', url: server.url },
      protocol: 'legacy',
      timeoutMs: 10_000,
      answerThroughCalls: ['log'],
      handlers: { onLog: (message) => receive(`connection: ${String(message.data)}`) },
    });
    layers = await loadedLayers(pool);
  });
  afterAll(async () => {
    await pool.close();
    await server.close();
  });

  /** A turn whose model calls `work` with `label`; resolves with the data of the run's `server_log` events. */
  async function turn(label: string): Promise<unknown[]> {
    const model = createScriptedModel([
      { toolCalls: [{ id: `w-${label}`, name: 'logging_mcp_work', input: { label } }] },
      { text: 'Done.' },
    ]);
    const logs: unknown[] = [];
    const run = runAgentLoop(`work on ${label}`, {
      provider: model,
      layers,
      mcpClients: pool.clients,
      discovery: 'eager',
      callbacks: {
        onEvent: (event: AgentEvent) => {
          if (event.type !== 'CUSTOM' || event.name !== 'server_log') return;
          const { data } = event.value as { data: unknown };
          logs.push(event.value);
          receive(String(data));
        },
      },
    });
    const result = await run;
    expect(result.toolCalls[0].result).toContain(`${label} done`);
    return logs;
  }

  test('each turn gets its own line, and nothing is left to the connection', async () => {
    const [a, b] = await Promise.all([turn('A'), turn('B')]);

    expect(a).toEqual([{ server: 'logging', level: 'info', data: 'line for A' }]);
    expect(b).toEqual([{ server: 'logging', level: 'info', data: 'line for B' }]);
    expect(received.toSorted()).toEqual(['line for A', 'line for B']);
  });
});
