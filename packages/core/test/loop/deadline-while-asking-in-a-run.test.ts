import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ElicitationRequest } from '../../src/interaction/index.ts';
import { runAgentLoop } from '../../src/loop/run-agent-loop.ts';
import { McpClientPool } from '../../src/mcp/index.ts';
import { createScriptedModel } from '../../src/testing/scripted-model.ts';
import type { McpLayer } from '../../src/types/layers.ts';
import { createAskingServer } from '../fixtures/asking-server.ts';
import { listenSessionful, type RunningHttpServer } from '../fixtures/http-servers.ts';
import { loadedLayers } from '../support/test-layers.ts';

/** The run's tool timeout and the connection's: far shorter than the person takes to answer. */
const TOOL_TIMEOUT_MS = 300;
/** How long the person takes to answer. */
const PERSON_MS = 1_000;

/** A turn's tool call whose server asks the person (Streamable HTTP): both deadlines wait for the answer. */
describe('a run’s tool call waits for the person past the tool timeout', () => {
  const pool = new McpClientPool();
  let server: RunningHttpServer;
  let layers: McpLayer[];

  beforeAll(async () => {
    server = await listenSessionful(createAskingServer);
    pool.add({
      name: 'asking',
      transport: { type: 'http', url: server.url },
      timeoutMs: TOOL_TIMEOUT_MS,
      connectTimeoutMs: 10_000,
      answerThroughCalls: ['elicitation'],
    });
    layers = await loadedLayers(pool);
  });
  afterAll(async () => {
    await pool.close();
    await server.close();
  });

  test('the person answers the form after the tool timeout, and the call completes', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ id: 'a1', name: 'asking_mcp_ask', input: { label: 'A' } }] },
      { text: 'Thanks!' },
    ]);
    const run = runAgentLoop('ask me', {
      provider: model,
      layers,
      mcpClients: pool.clients,
      discovery: 'eager',
      toolTimeoutMs: TOOL_TIMEOUT_MS,
    });
    for await (const event of run) {
      if (event.type === 'CUSTOM' && event.name === 'elicitation_request') {
        const { requestId } = event.value as ElicitationRequest;
        setTimeout(
          () =>
            run.interactions.answerElicitation(requestId, { action: 'accept', content: { text: 'late' } }),
          PERSON_MS,
        );
      }
    }
    const result = await run;
    expect(result.toolCalls[0]).toMatchObject({ result: 'A: late' });
  });
});
