import { fileURLToPath } from 'node:url';
import { CanvasModel } from '@switchboard/autoui';
import type { AgentEvent, ElicitationRequest, SamplingRequest } from '@switchboard/core';
import { McpConnection } from '@switchboard/core';
import { stdioTransport } from '@switchboard/core/node';
import { createScriptedModel, type ScriptedReply } from '@switchboard/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import type { ConversationDriver } from '../src/lib/conversation-driver.ts';
import type { RemoteMcpConnections } from '../src/lib/standalone/remote-mcp-connections.ts';
import { createStandaloneDriver } from '../src/lib/standalone/standalone-driver.ts';
import { MemoryStorage } from './support/memory-storage.ts';

const SERVER_EVERYTHING = fileURLToPath(
  import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
);

/** The standalone driver answers what a remote server asks during a turn (server-everything over stdio). */
describe('standalone driver: answers to servers', () => {
  let connection: McpConnection;
  let remote: RemoteMcpConnections;

  beforeAll(async () => {
    connection = new McpConnection({
      name: 'everything',
      transport: stdioTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
      timeoutMs: 10_000,
      answerThroughCalls: ['elicitation', 'sampling'],
    });
    const layer = await connection.layer();
    remote = {
      layers: () => [layer],
      clients: () => new Map([['everything', connection]]),
      statuses: () => [{ name: 'everything', url: 'stdio:', state: 'connected' }],
      onAuthorizationLost: () => () => undefined,
    } as unknown as RemoteMcpConnections;
  }, 30_000);
  afterAll(() => connection?.close());

  /** A driver whose scripted model plays `turns`; `onRequest` sees each request event (after it was emitted). */
  async function driverFor(
    turns: ScriptedReply[],
    onRequest: (driver: ConversationDriver, value: unknown) => void,
  ) {
    const driver = createStandaloneDriver({
      config: DEFAULT_CONFIG,
      canvas: new CanvasModel(),
      storage: new MemoryStorage(),
      model: createScriptedModel(turns),
      modelLabel: 'scripted',
      servers: [],
      remote,
    });
    const events: AgentEvent[] = [];
    await driver.open((event) => {
      events.push(event);
      if (
        event.type === 'CUSTOM' &&
        (event.name === 'elicitation_request' || event.name === 'sampling_request')
      )
        queueMicrotask(() => onRequest(driver, event.value));
    });
    return { driver, events };
  }

  const toolResult = (events: AgentEvent[]) =>
    events.flatMap((event) => (event.type === 'TOOL_CALL_RESULT' ? [event.content] : [])).join('\n');

  it('refuses answers when no turn is running', async () => {
    const { driver } = await driverFor([], () => {});
    await expect(driver.answerElicitation('x', { action: 'decline' })).resolves.toEqual({
      ok: false,
      message: 'no turn is running: the request ended with its turn',
    });
    await expect(driver.answerSampling('x', true)).resolves.toMatchObject({ ok: false });
  });

  it('takes a form answer that fits, and says why one that does not fit is refused', async () => {
    const outcomes: unknown[] = [];
    const { driver, events } = await driverFor(
      [
        { toolCalls: [{ id: 'e1', name: 'everything_mcp_trigger-elicitation-request', input: {} }] },
        { text: 'Thanks!' },
      ],
      async (driver, value) => {
        const { requestId } = value as ElicitationRequest;
        outcomes.push(await driver.answerElicitation('unknown', { action: 'cancel' }));
        outcomes.push(await driver.answerElicitation(requestId, { action: 'accept', content: { name: 5 } }));
        outcomes.push(
          await driver.answerElicitation(requestId, { action: 'accept', content: { name: 'Ada' } }),
        );
      },
    );
    await driver.send('ask me');
    expect(outcomes).toEqual([
      { ok: false, message: expect.stringContaining('no elicitation "unknown" is waiting') },
      { ok: false, message: expect.stringContaining('the answer does not match the form') },
      { ok: true },
    ]);
    expect(toolResult(events)).toContain('Name: Ada');
  });

  it("answers a Tools-tab call's form by its request id, with no turn running: accept, decline and cancel reach the server", async () => {
    const answers = [
      { action: 'accept', content: { name: 'Grace' } },
      { action: 'decline' },
      { action: 'cancel' },
    ] as const;
    const results: string[] = [];
    for (const answer of answers) {
      const { driver, events } = await driverFor([], (driver, value) => {
        void driver.answerElicitation((value as ElicitationRequest).requestId, answer);
      });
      const outcome = await driver.callTool('everything_mcp_trigger-elicitation-request', {});
      results.push(JSON.stringify(outcome));
      const asked = events.flatMap((event) =>
        event.type === 'CUSTOM' && event.name.startsWith('elicitation_') ? [event.name] : [],
      );
      expect(asked).toEqual(['elicitation_request', 'elicitation_resolved']);
    }
    expect(results[0]).toContain('Name: Grace');
    expect(results[1]).toContain('User declined');
    expect(results[2]).toContain('User cancelled');
  });

  it('approves a sampling request, which the turn’s model then answers', async () => {
    const outcomes: unknown[] = [];
    const { driver, events } = await driverFor(
      [
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
      ],
      async (driver, value) => {
        const { requestId } = value as SamplingRequest;
        outcomes.push(await driver.answerSampling('unknown', true));
        outcomes.push(await driver.answerSampling(requestId, true));
      },
    );
    await driver.send('sample');
    expect(outcomes).toEqual([
      { ok: false, message: 'no sampling request "unknown" is waiting (it was answered or timed out)' },
      { ok: true },
    ]);
    expect(toolResult(events)).toContain('leaves fall softly');
  });
});
