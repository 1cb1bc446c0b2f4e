import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ElicitationRequest, SamplingRequest } from '../../src/interaction/index.ts';
import type { AgentResult } from '../../src/loop/agent-loop-types.ts';
import type { AgentRun } from '../../src/loop/agent-run.ts';
import { runAgentLoop } from '../../src/loop/run-agent-loop.ts';
import { McpClientPool } from '../../src/mcp/index.ts';
import { stdioTransport } from '../../src/mcp-node/index.ts';
import { createScriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.ts';
import type { AgentEvent } from '../../src/types/events.ts';
import type { McpLayer } from '../../src/types/layers.ts';
import { SERVER_EVERYTHING } from '../support/mcp-test-servers.ts';
import { customEvents } from '../support/scripted-run.ts';

/** A run answers what its tool calls' server asks: the person fills the form, the run's model samples. */
describe('server requests during a run (server-everything over stdio)', () => {
  const pool = new McpClientPool();
  let layers: McpLayer[];

  beforeAll(async () => {
    pool.add({
      name: 'everything',
      transport: stdioTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
      timeoutMs: 5_000,
      answerThroughCalls: ['elicitation', 'sampling'],
    });
    const loaded = await pool.layers();
    expect(loaded.failures).toEqual([]);
    layers = loaded.layers;
  });
  afterAll(() => pool.close());

  /**
   * Runs the loop over the pool with a scripted model playing `turns`, showing each event to `onEvent`
   * as it streams (where the test plays the person); resolves with the run, its result and its events.
   */
  async function playRun(
    message: string,
    turns: ScriptedTurn[],
    onEvent: (event: AgentEvent, run: AgentRun<AgentResult>) => void,
    signal?: AbortSignal,
  ) {
    const run = runAgentLoop(message, {
      provider: createScriptedModel(turns),
      layers,
      mcpClients: pool.clients,
      discovery: 'eager',
      signal,
    });
    const events: AgentEvent[] = [];
    for await (const event of run) {
      events.push(event);
      onEvent(event, run);
    }
    return { run, result: await run, events };
  }

  test('the form reaches the run’s events, and the person’s answer completes the call', async () => {
    const turns = [
      { toolCalls: [{ id: 'e1', name: 'everything_mcp_trigger-elicitation-request', input: {} }] },
      { text: 'Thanks!' },
    ];
    const { result, events } = await playRun('ask me for my details', turns, (event, run) => {
      if (event.type === 'CUSTOM' && event.name === 'elicitation_request') {
        const request = event.value as ElicitationRequest;
        expect(request.requestedSchema).toMatchObject({ properties: { name: { type: 'string' } } });
        expect(run.interactions.pending.elicitations).toHaveLength(1);
        expect(
          run.interactions.answerElicitation(request.requestId, {
            action: 'accept',
            content: { name: 'Ada' },
          }),
        ).toEqual({
          ok: true,
        });
      }
    });
    expect(result.stopReason).toBe('end_turn');
    expect(result.toolCalls[0].result).toContain('Name: Ada');
    expect(customEvents(events, 'elicitation_resolved')).toMatchObject([{ action: 'accept', by: 'person' }]);
  });

  test('a sampling request waits for approval, then the run’s own model answers it', async () => {
    const turns = [
      {
        toolCalls: [
          {
            id: 's1',
            name: 'everything_mcp_trigger-sampling-request',
            input: { prompt: 'a haiku', maxTokens: 40 },
          },
        ],
      },
      { text: 'leaves fall softly' },
      { text: 'Done.' },
    ];
    const { result, events } = await playRun('sample', turns, (event, run) => {
      if (event.type === 'CUSTOM' && event.name === 'sampling_request') {
        const request = event.value as SamplingRequest;
        expect(request.messages[0].text).toContain('a haiku');
        expect(run.interactions.answerSampling(request.requestId, true)).toBe(true);
      }
    });
    expect(result.toolCalls[0].result).toContain('leaves fall softly');
    expect(customEvents(events, 'sampling_resolved')).toMatchObject([
      { outcome: 'answered', model: 'scripted:test' },
    ]);
  });

  test('a run that ends while a form waits cancels it on the server', async () => {
    const controller = new AbortController();
    const turns = [
      { toolCalls: [{ id: 'e1', name: 'everything_mcp_trigger-elicitation-request', input: {} }] },
    ];
    const { run, result, events } = await playRun(
      'ask',
      turns,
      (event) => {
        if (event.type === 'CUSTOM' && event.name === 'elicitation_request')
          controller.abort(new Error('stop'));
      },
      controller.signal,
    );
    expect(result.stopReason).toBe('aborted');
    expect(run.interactions.pending.elicitations).toEqual([]);
    expect(customEvents(events, 'elicitation_resolved')).toMatchObject([
      { action: 'cancel', by: 'cancelled' },
    ]);
  });
});
