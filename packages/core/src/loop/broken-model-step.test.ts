import { describe, expect, it, vi } from 'vitest';
import { createCalculatorStorageServer } from '../../test/support/test-layers.ts';
import type { AgentEvent } from '../types/events.ts';
import type { LanguageModel, ModelRequest, ModelStreamEvent } from '../types/model.ts';
import { runAgentLoop } from './run-agent-loop.ts';

/** A model that streams one fixed list of events per step, as an adapter would. */
function steppedModel(steps: ModelStreamEvent[][]): LanguageModel & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    id: 'test:stepped',
    requests,
    async *stream(request) {
      const events = steps[requests.length];
      requests.push(request);
      if (!events) throw new Error(`no step ${requests.length}`);
      for (const event of events) {
        if (event.type === 'finish' && event.error === 'thrown') throw new Error('socket hang up');
        yield event;
      }
    },
  };
}

const add = { operation: 'add', a: 5, b: 3 };

/** Step one: a complete call to the calculator. */
const toolStep: ModelStreamEvent[] = [
  { type: 'text_delta', text: 'Adding. ' },
  { type: 'tool_call_delta', id: 'toolu_1', name: 'calculator_webmcp_calculate', argumentsDelta: '{"op' },
  { type: 'tool_call', id: 'toolu_1', name: 'calculator_webmcp_calculate', input: add },
  { type: 'finish', reason: 'tool_use' },
];

/** A half-written answer with a half-written call: what a stream that broke off had streamed. */
const partial: ModelStreamEvent[] = [
  { type: 'text_delta', text: 'The answer ' },
  { type: 'text_delta', text: 'is' },
  { type: 'tool_call_delta', id: 'toolu_2', name: 'calculator_webmcp_calculate', argumentsDelta: '{"a":' },
];

async function run(steps: ModelStreamEvent[][], signal?: AbortSignal) {
  const model = steppedModel(steps);
  const onToolCall = vi.fn();
  const events: AgentEvent[] = [];
  const result = await runAgentLoop('what is 5 plus 3', {
    provider: model,
    layers: [createCalculatorStorageServer().layer()],
    discovery: 'eager',
    signal,
    callbacks: { onToolCall, onEvent: (event) => events.push(event) },
  });
  return { model, onToolCall, events, result };
}

/** Each START's id followed by whether an END came after it, for text messages and tool calls. */
function unpaired(events: AgentEvent[]): string[] {
  const open = new Set<string>();
  for (const event of events) {
    if (event.type === 'TEXT_MESSAGE_START') open.add(event.messageId);
    if (event.type === 'TEXT_MESSAGE_END') open.delete(event.messageId);
    if (event.type === 'TOOL_CALL_START') open.add(event.toolCallId);
    if (event.type === 'TOOL_CALL_END') open.delete(event.toolCallId);
  }
  return [...open];
}

function custom(events: AgentEvent[], name: string): unknown[] {
  return events.flatMap((event) => (event.type === 'CUSTOM' && event.name === name ? [event.value] : []));
}

function textMessageIds(events: AgentEvent[]): string[] {
  return events.flatMap((event) => (event.type === 'TEXT_MESSAGE_START' ? [event.messageId] : []));
}

describe('a model step whose stream breaks off', () => {
  it('is streamed again from the last complete step: the tools that ran are kept and not run again', async () => {
    const retried: ModelStreamEvent[] = [
      ...partial,
      { type: 'retry', attempt: 1, waitMs: 500, reason: 'overloaded', errorType: 'overloaded_error' },
      { type: 'text_delta', text: 'The answer is 8.' },
      { type: 'finish', reason: 'end_turn' },
    ];
    const { model, onToolCall, events, result } = await run([toolStep, retried]);
    expect(result.stopReason).toBe('end_turn');
    expect(onToolCall).toHaveBeenCalledTimes(1);
    expect(model.requests).toHaveLength(2);
    expect(result.text).toBe('Adding. The answer is 8.');
    expect(result.session.messages.map((message) => message.content)).toEqual([
      'what is 5 plus 3',
      [
        { type: 'text', text: 'Adding. ' },
        { type: 'tool_use', id: 'toolu_1', name: 'calculator_webmcp_calculate', input: add },
      ],
      [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '8' }],
      [{ type: 'text', text: 'The answer is 8.' }],
    ]);
    const [, broken, kept] = textMessageIds(events);
    expect(custom(events, 'model_output_discarded')).toEqual([
      { messageId: broken, toolCallIds: ['toolu_2'], reason: 'retry' },
    ]);
    expect(kept).not.toBe(broken);
    expect(unpaired(events)).toEqual([]);
    const order = events
      .filter((event) => event.type !== 'TEXT_MESSAGE_CONTENT' && event.type !== 'TOOL_CALL_ARGS')
      .map((event) => (event.type === 'CUSTOM' ? event.name : event.type));
    const discarded = order.indexOf('model_output_discarded');
    expect(order.slice(discarded - 2, discarded + 2)).toEqual([
      'TEXT_MESSAGE_END',
      'TOOL_CALL_END',
      'model_output_discarded',
      'model_retry',
    ]);
  });

  it('fails the turn once the adapter gives up, keeping the complete steps and none of the broken one', async () => {
    const failed: ModelStreamEvent[] = [
      ...partial,
      { type: 'finish', reason: 'error', error: 'Anthropic API error (overloaded_error): Overloaded' },
    ];
    const { events, result } = await run([toolStep, failed]);
    expect(result.stopReason).toBe('error');
    expect(result.error).toBe('model error: Anthropic API error (overloaded_error): Overloaded');
    expect(result.text).toBe('Adding. ');
    expect(result.session.messages).toHaveLength(3);
    expect(JSON.stringify(result.session.messages)).not.toContain('The answer');
    expect(custom(events, 'model_output_discarded')).toEqual([
      { messageId: textMessageIds(events)[1], toolCallIds: ['toolu_2'], reason: 'error' },
    ]);
    expect(unpaired(events)).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'RUN_ERROR' });
  });

  it('drops the output of a model that throws mid-stream, closing what it started', async () => {
    const thrown: ModelStreamEvent[] = [...partial, { type: 'finish', reason: 'error', error: 'thrown' }];
    const { events, result } = await run([thrown]);
    expect(result).toMatchObject({ stopReason: 'error', error: 'model error: socket hang up', text: '' });
    expect(result.session.messages).toEqual([{ role: 'user', content: 'what is 5 plus 3' }]);
    expect(custom(events, 'model_output_discarded')).toHaveLength(1);
    expect(unpaired(events)).toEqual([]);
  });

  it('ends the calls a stopped step had started, keeping its text', async () => {
    const controller = new AbortController();
    const stopped: LanguageModel = {
      id: 'test:stopped',
      async *stream() {
        yield* partial;
        controller.abort();
        yield { type: 'text_delta', text: ' never seen' };
      },
    };
    const events: AgentEvent[] = [];
    const result = await runAgentLoop('what is 5 plus 3', {
      provider: stopped,
      layers: [createCalculatorStorageServer().layer()],
      signal: controller.signal,
      callbacks: { onEvent: (event) => events.push(event) },
    });
    expect(result.stopReason).toBe('aborted');
    expect(result.text).toBe('The answer is');
    expect(custom(events, 'model_output_discarded')).toEqual([
      { toolCallIds: ['toolu_2'], reason: 'aborted' },
    ]);
    expect(unpaired(events)).toEqual([]);
  });
});
