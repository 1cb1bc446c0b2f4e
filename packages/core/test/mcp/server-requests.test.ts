import type { ElicitRequestParams, LoggingMessageNotificationParams } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ElicitationBroker, SamplingBroker } from '../../src/interaction/index.ts';
import { McpConnection } from '../../src/mcp/index.ts';
import { stdioTransport } from '../../src/mcp-node/index.ts';
import { createScriptedModel } from '../../src/testing/scripted-model.ts';
import type { AgentEvent } from '../../src/types/events.ts';
import { callContext, SERVER_EVERYTHING } from '../support/mcp-test-servers.ts';

/**
 * What a server asks of the client (elicitation, sampling, roots), its log messages, and its
 * prompts and resource templates, against the published reference server: it registers its
 * elicitation, sampling and roots tools only for a client that declares those capabilities.
 */
describe('server requests with @modelcontextprotocol/server-everything', () => {
  const elicitations: ElicitRequestParams[] = [];
  const logs: LoggingMessageNotificationParams[] = [];
  let elicitationAnswer: 'accept' | 'decline' = 'accept';
  let connection: McpConnection;

  beforeAll(() => {
    connection = new McpConnection({
      name: 'everything',
      transport: stdioTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
      timeoutMs: 10_000,
      handlers: {
        elicitation: async (params, context) => {
          expect(context.server).toBe('everything');
          elicitations.push(params);
          return elicitationAnswer === 'accept'
            ? { action: 'accept', content: { name: 'Ada Lovelace' } }
            : { action: 'decline' };
        },
        sampling: async (params) => ({
          role: 'assistant',
          model: 'test-model',
          content: { type: 'text', text: `sampled: ${JSON.stringify(params.messages[0].content)}` },
        }),
        roots: [{ uri: 'file:///work/project', name: 'Project' }],
        onLog: (message) => logs.push(message),
      },
    });
  });
  afterAll(() => connection.close());

  test('declares the capabilities its handlers give, so the server offers the matching tools', async () => {
    const names = (await connection.listTools()).map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['trigger-elicitation-request', 'trigger-sampling-request', 'get-roots-list']),
    );
  });

  test('an accepted form goes back with the fields filled in and the schema defaults for the rest', async () => {
    elicitationAnswer = 'accept';
    const output = await connection.callTool('trigger-elicitation-request', {}, callContext());
    expect(elicitations.at(-1)?.message).toContain('Please provide inputs');
    expect(output.text).toContain('User provided the requested information');
    expect(output.text).toContain('Name: Ada Lovelace');
    // Defaults applied by the client (SEP-1034): the user typed only the name.
    expect(output.text).toContain('"integer": 42');
    expect(output.text).toContain('"untitledSingleSelectEnum": "Monica"');
  });

  test('a declined form reaches the server as declined', async () => {
    elicitationAnswer = 'decline';
    const output = await connection.callTool('trigger-elicitation-request', {}, callContext());
    expect(output.text).toContain('"action": "decline"');
    expect(output.text).not.toContain('User provided');
  });

  test('a sampling request is answered by the handler', async () => {
    const output = await connection.callTool(
      'trigger-sampling-request',
      { prompt: 'say hi', maxTokens: 20 },
      callContext(),
    );
    expect(output.text).toContain('sampled:');
    expect(output.text).toContain('say hi');
    expect(output.text).toContain('test-model');
  });

  test('the server reads the configured roots', async () => {
    const output = await connection.callTool('get-roots-list', {}, callContext());
    expect(output.text).toContain('file:///work/project');
  });

  test("the server's log messages reach onLog", async () => {
    await connection.callTool('toggle-simulated-logging', {}, callContext());
    await expect.poll(() => logs.length, { timeout: 8_000 }).toBeGreaterThan(0);
    expect(logs[0]).toMatchObject({ level: expect.any(String) });
    await connection.callTool('toggle-simulated-logging', {}, callContext());
  });

  test('lists prompts and gets one with its arguments', async () => {
    const prompts = await connection.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain('args-prompt');
    const prompt = await connection.getPrompt('args-prompt', { city: 'Lisbon' });
    expect(prompt.messages[0].content).toEqual({ type: 'text', text: "What's weather in Lisbon?" });
  });

  test('lists resource templates', async () => {
    const templates = await connection.listResourceTemplates();
    expect(templates.length).toBeGreaterThan(0);
    expect(templates[0].uriTemplate).toMatch(/\{/);
  });
});

describe('a connection without handlers', () => {
  test('declares no client capabilities, so the server hides the tools that would need them', async () => {
    const connection = new McpConnection({
      name: 'everything',
      transport: stdioTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
      timeoutMs: 10_000,
    });
    try {
      const names = (await connection.listTools()).map((tool) => tool.name);
      expect(names).not.toContain('trigger-elicitation-request');
      expect(names).not.toContain('trigger-sampling-request');
      expect(names).not.toContain('get-roots-list');
    } finally {
      await connection.close();
    }
  });
});

describe('the brokers bring the server’s requests to the person, over a real connection', () => {
  test('an elicitation shows as an event and the person’s answer completes the tool call', async () => {
    const events: AgentEvent[] = [];
    const model = createScriptedModel([{ text: 'a short story' }]);
    const elicitations = new ElicitationBroker({ emit: (event) => events.push(event) });
    const sampling = new SamplingBroker({ model, emit: (event) => events.push(event) });
    const connection = new McpConnection({
      name: 'everything',
      transport: stdioTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
      timeoutMs: 10_000,
      handlers: { elicitation: elicitations.handle, sampling: sampling.handle },
    });
    const requestOf = (name: string) =>
      events.find((event) => event.type === 'CUSTOM' && event.name === name) as {
        value: { requestId: string };
      };
    try {
      const call = connection.callTool('trigger-elicitation-request', {}, callContext());
      await expect.poll(() => elicitations.pending.length, { timeout: 10_000 }).toBe(1);
      expect(
        elicitations.answer(requestOf('elicitation_request').value.requestId, {
          action: 'accept',
          content: { name: 'Grace Hopper', check: true },
        }),
      ).toEqual({ ok: true });
      expect((await call).text).toContain('Name: Grace Hopper');

      const sampled = connection.callTool(
        'trigger-sampling-request',
        { prompt: 'a story', maxTokens: 30 },
        callContext(),
      );
      await expect.poll(() => sampling.pending.length, { timeout: 10_000 }).toBe(1);
      sampling.answer(requestOf('sampling_request').value.requestId, true);
      expect((await sampled).text).toContain('a short story');
      expect(model.requests[0].messages[0].content).toContain('a story');
    } finally {
      await connection.close();
    }
  });
});

describe('requests answered through the running call', () => {
  test('the call that asked answers, and its deadline waits for the person', async () => {
    const connection = new McpConnection({
      name: 'everything',
      transport: stdioTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'] }),
      timeoutMs: 300,
      connectTimeoutMs: 10_000,
      answerThroughCalls: ['elicitation'],
    });
    try {
      const names = (await connection.listTools()).map((tool) => tool.name);
      expect(names).toContain('trigger-elicitation-request');
      const slowPerson = async () => {
        await new Promise((resolve) => setTimeout(resolve, 900));
        return { action: 'accept' as const, content: { name: 'Katherine Johnson' } };
      };
      const output = await connection.callTool(
        'trigger-elicitation-request',
        {},
        {
          ...callContext(),
          serverRequests: { elicitation: slowPerson },
        },
      );
      expect(output.text).toContain('Name: Katherine Johnson');
    } finally {
      await connection.close();
    }
  });
});
