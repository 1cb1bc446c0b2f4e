import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ElicitationRequest, SamplingRequest } from '../../src/interaction/index.ts';
import { runAgentLoop } from '../../src/loop/run-agent-loop.ts';
import { McpClientPool } from '../../src/mcp/index.ts';
import { stdioTransport } from '../../src/mcp-node/index.ts';
import { createScriptedModel } from '../../src/testing/scripted-model.ts';
import type { AgentEvent } from '../../src/types/events.ts';
import type { McpLayer } from '../../src/types/layers.ts';
import { SERVER_EVERYTHING } from '../mcp/helpers.ts';

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

  const valuesOf = <T>(events: AgentEvent[], name: string) =>
    events.flatMap((event) => (event.type === 'CUSTOM' && event.name === name ? [event.value as T] : []));

  test('the form reaches the run’s events, and the person’s answer completes the call', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ id: 'e1', name: 'everything_mcp_trigger-elicitation-request', input: {} }] },
      { text: 'Thanks!' },
    ]);
    const run = runAgentLoop('ask me for my details', {
      provider: model,
      layers,
      mcpClients: pool.clients,
      discovery: 'eager',
    });
    const events: AgentEvent[] = [];
    for await (const event of run) {
      events.push(event);
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
    }
    const result = await run;
    expect(result.stopReason).toBe('end_turn');
    expect(result.toolCalls[0].result).toContain('Name: Ada');
    expect(valuesOf(events, 'elicitation_resolved')).toMatchObject([{ action: 'accept', by: 'person' }]);
  });

  test('a sampling request waits for approval, then the run’s own model answers it', async () => {
    const model = createScriptedModel([
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
    ]);
    const run = runAgentLoop('sample', {
      provider: model,
      layers,
      mcpClients: pool.clients,
      discovery: 'eager',
    });
    const events: AgentEvent[] = [];
    for await (const event of run) {
      events.push(event);
      if (event.type === 'CUSTOM' && event.name === 'sampling_request') {
        const request = event.value as SamplingRequest;
        expect(request.messages[0].text).toContain('a haiku');
        expect(run.interactions.answerSampling(request.requestId, true)).toBe(true);
      }
    }
    const result = await run;
    expect(result.toolCalls[0].result).toContain('leaves fall softly');
    expect(valuesOf(events, 'sampling_resolved')).toMatchObject([
      { outcome: 'answered', model: 'scripted:test' },
    ]);
  });

  test('a run that ends while a form waits cancels it on the server', async () => {
    const controller = new AbortController();
    const model = createScriptedModel([
      { toolCalls: [{ id: 'e1', name: 'everything_mcp_trigger-elicitation-request', input: {} }] },
    ]);
    const run = runAgentLoop('ask', {
      provider: model,
      layers,
      mcpClients: pool.clients,
      discovery: 'eager',
      signal: controller.signal,
    });
    const events: AgentEvent[] = [];
    for await (const event of run) {
      events.push(event);
      if (event.type === 'CUSTOM' && event.name === 'elicitation_request')
        controller.abort(new Error('stop'));
    }
    expect((await run).stopReason).toBe('aborted');
    expect(run.interactions.pending.elicitations).toEqual([]);
    expect(valuesOf(events, 'elicitation_resolved')).toMatchObject([{ action: 'cancel', by: 'cancelled' }]);
  });
});
