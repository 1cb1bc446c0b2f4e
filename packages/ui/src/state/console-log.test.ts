import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { applyConsoleEvent, EMPTY_CONSOLE, MAX_CONSOLE_ENTRIES } from './console-log.ts';

const custom = (name: string, value: unknown) =>
  ({ type: 'CUSTOM', name, value, timestamp: 5 }) as AgentEvent;

describe('applyConsoleEvent', () => {
  it('counts iterations, tokens, tool calls and errors', () => {
    const events: AgentEvent[] = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r1', timestamp: 1 },
      custom('iteration', { iteration: 1 }),
      custom('model_request', { iteration: 1, tools: 6, messages: 1 }),
      custom('model_response', {
        finish: 'tool_use',
        usage: { inputTokens: 100, outputTokens: 20 },
        toolCalls: 2,
      }),
      custom('tool_call', {
        id: 'a',
        name: 'calc_webmcp_add',
        resolvedName: 'x',
        args: {},
        result: '3',
        elapsed: 4,
        guided: false,
      }),
      custom('tool_call', {
        id: 'b',
        name: 'autoui_webmcp_widget_display',
        resolvedName: 'x',
        args: {},
        result: 'e',
        elapsed: 1,
        guided: true,
        error: 'Validation failed',
      }),
      custom('metrics', { elapsedMs: 42 }),
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r1', result: { stopReason: 'end_turn' }, timestamp: 9 },
    ];
    const state = events.reduce(applyConsoleEvent, EMPTY_CONSOLE);
    expect(state).toMatchObject({
      running: false,
      iteration: 1,
      toolCalls: 2,
      toolErrors: 1,
      tokens: { input: 100, output: 20 },
      elapsedMs: 42,
    });
    expect(state.entries.map((entry) => entry.kind)).toEqual([
      'run',
      'iteration',
      'model_request',
      'model_response',
      'tool_call',
      'tool_call',
      'run',
    ]);
    expect(state.entries[4].summary).toBe('calc_webmcp_add — 4 ms');
    expect(state.entries[5]).toMatchObject({ error: 'Validation failed', elapsedMs: 1 });
  });

  it('shows what servers ask and how it ended, with the sampled answer', () => {
    const events: AgentEvent[] = [
      custom('elicitation_request', {
        requestId: 'e1',
        server: 'everything',
        mode: 'form',
        message: 'Please provide inputs',
        expiresAt: 1,
      }),
      custom('elicitation_resolved', { requestId: 'e1', action: 'accept', by: 'person' }),
      custom('elicitation_request', {
        requestId: 'e2',
        server: 'docs',
        mode: 'url',
        message: 'Sign in',
        url: 'https://example.com',
        expiresAt: 1,
      }),
      custom('elicitation_resolved', { requestId: 'e2', action: 'decline', by: 'timed_out' }),
      custom('sampling_request', {
        requestId: 's1',
        server: 'everything',
        messages: [{ role: 'user', text: 'a haiku' }],
        maxTokens: 40,
        needsApproval: true,
        expiresAt: 1,
      }),
      custom('sampling_resolved', {
        requestId: 's1',
        outcome: 'answered',
        text: 'x'.repeat(300),
        model: 'm1',
      }),
      custom('sampling_resolved', { requestId: 's2', outcome: 'failed', error: 'the model failed' }),
      custom('server_log', {
        server: 'everything',
        level: 'warning',
        logger: 'core',
        data: { disk: 'full' },
      }),
      custom('server_log', { level: 'info', data: 'hello' }),
    ];
    const state = events.reduce(applyConsoleEvent, EMPTY_CONSOLE);
    expect(state.entries.map((entry) => [entry.kind, entry.summary])).toEqual([
      ['elicitation', 'server everything asks for a form: Please provide inputs'],
      ['elicitation', 'elicitation accept by you'],
      ['elicitation', 'server docs asks to open a link: Sign in'],
      ['elicitation', 'elicitation decline (timed out)'],
      [
        'sampling',
        'server everything asks for a completion (1 messages, at most 40 tokens, waiting for approval)',
      ],
      ['sampling', `sampling answered by m1: ${'x'.repeat(159)}…`],
      ['sampling', 'sampling failed'],
      ['server_log', 'everything/core [warning] {"disk":"full"}'],
      ['server_log', 'server [info] hello'],
    ]);
    expect(state.entries[5].detail).toMatchObject({ text: 'x'.repeat(300) });
    expect(state.entries[6].error).toBe('the model failed');
  });

  it('shows each wait before a model retry, with the reason and the vendor type', () => {
    const events = [
      custom('model_retry', { attempt: 1, waitMs: 800, reason: 'overloaded' }),
      custom('model_retry', {
        attempt: 2,
        waitMs: 12_500,
        reason: 'rate_limit',
        vendorType: 'rate_limit_error',
      }),
    ];
    const state = events.reduce(applyConsoleEvent, EMPTY_CONSOLE);
    expect(state.entries.map((entry) => [entry.kind, entry.summary])).toEqual([
      ['model_retry', 'model busy (overloaded): retry 1 in 800 ms'],
      ['model_retry', 'model busy (rate_limit, rate_limit_error): retry 2 in 12.5 s'],
    ]);
    expect(state.entries[1].detail).toMatchObject({ waitMs: 12_500 });
  });

  it('says what a broken reply lost before its retry', () => {
    const events = [
      custom('model_output_discarded', { messageId: 'm1', toolCallIds: ['toolu_1'], reason: 'retry' }),
      custom('model_retry', { attempt: 1, waitMs: 500, reason: 'connection' }),
      custom('model_output_discarded', { toolCallIds: ['toolu_2', 'toolu_3'], reason: 'aborted' }),
    ];
    const state = events.reduce(applyConsoleEvent, EMPTY_CONSOLE);
    expect(state.entries.map((entry) => [entry.kind, entry.summary])).toEqual([
      ['model_retry', 'the reply broke off: dropped its text and 1 tool call'],
      ['model_retry', 'model busy (connection): retry 1 in 500 ms'],
      ['model_retry', 'the reply ended (aborted): dropped 2 tool calls'],
    ]);
  });

  it('says which servers a gateway turn went without, and why', () => {
    const events = [
      custom('server_unavailable', {
        server: 'weather',
        server_id: 'srv_1',
        reason: 'no answer within 10000 ms',
      }),
      custom('server_needs_authorization', {
        server: 'github',
        server_id: 'srv_2',
        message: 'Connect github',
      }),
    ];
    const state = events.reduce(applyConsoleEvent, EMPTY_CONSOLE);
    expect(state.entries.map((entry) => [entry.kind, entry.summary, entry.error])).toEqual([
      ['error', 'weather left out of this turn', 'no answer within 10000 ms'],
      ['approval', 'github waits for you to connect it', undefined],
    ]);
  });

  it("tells the gateway's approval question from a server's, whatever the server calls itself", () => {
    const state = [
      custom('elicitation_request', {
        requestId: 'e1',
        server: 'shop',
        mode: 'form',
        message: 'Allow shop:add_to_cart to run with {}?',
        approval: { tool: 'add_to_cart', arguments: {} },
        expiresAt: 1,
      }),
      custom('elicitation_request', {
        requestId: 'e2',
        server: 'Switchboard',
        mode: 'form',
        message: 'Your session expired',
        expiresAt: 1,
      }),
    ].reduce(applyConsoleEvent, EMPTY_CONSOLE);
    expect(state.entries.map((entry) => [entry.kind, entry.summary])).toEqual([
      ['approval', 'Switchboard asks you to approve shop:add_to_cart'],
      ['elicitation', 'server Switchboard asks for a form: Your session expired'],
    ]);
  });

  it('numbers every line once, also past the kept lines and for events of the same millisecond', () => {
    const turn: AgentEvent[] = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r', timestamp: 7 },
      custom('iteration', { iteration: 1 }),
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r', result: { stopReason: 'end_turn' }, timestamp: 7 },
    ];
    const turns = Array.from({ length: MAX_CONSOLE_ENTRIES }, () => turn).flat();
    const state = turns.reduce(applyConsoleEvent, EMPTY_CONSOLE);
    const ids = state.entries.map((entry) => entry.id);
    expect(ids).toHaveLength(MAX_CONSOLE_ENTRIES);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.at(-1)).toBe(`line_${turns.length}`);
    expect(state.running).toBe(false);
  });
});
