import type { ModelStreamEvent } from '@switchboard/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  anthropicAgainst,
  openaiAgainst,
  type RetryOptions,
  requestWith,
} from '../../test/support/adapter-tests.ts';
import {
  anthropicErrorMidStream,
  anthropicStream,
  collectEvents,
  cutMidStream,
  type FakeModelServer,
  openaiErrorMidStream,
  openaiStream,
  startFakeModelServer,
  type WireReply,
} from '../testing/index.ts';
import { withTextToolProtocol } from '../text-protocol/with-text-tool-protocol.ts';

const request = requestWith({
  messages: [{ role: 'user', content: 'Is there milk?' }],
  tools: [{ name: 'lookup', description: 'Looks a product up', input_schema: { type: 'object' } }],
});

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

/** Waits of at most 1 ms, so the backoff does not slow the tests. */
const FAST = { maxRetryWaitMs: 1 };

const anthropic = (options: RetryOptions = {}) => anthropicAgainst(server, { ...FAST, ...options });
const openai = (options: RetryOptions = {}) => openaiAgainst(server, { ...FAST, ...options });

/** Text, then a call whose input streams in pieces. */
const reply: WireReply = {
  text: 'Let me check. ',
  toolCalls: [{ id: 'toolu_1', name: 'lookup', input: { product: 'milk' } }],
};

/** The events after the last retry: what the attempt that counts streamed. */
function afterRetry(events: ModelStreamEvent[]): ModelStreamEvent[] {
  const last = events.findLastIndex((event) => event.type === 'retry');
  return events.slice(last + 1);
}

function retries(events: ModelStreamEvent[]) {
  return events.flatMap((event) =>
    event.type === 'retry' ? [{ reason: event.reason, errorType: event.errorType }] : [],
  );
}

function streamedBefore(events: ModelStreamEvent[], type: ModelStreamEvent['type']): boolean {
  const first = events.findIndex((event) => event.type === 'retry');
  return events.slice(0, first).some((event) => event.type === type);
}

describe('a reply that breaks off mid-stream', () => {
  it("is asked again after Anthropic's overloaded_error event, the retry voiding the partial reply", async () => {
    // message_start, text start, ping, 3 words, text stop, tool_use start, 2 input deltas: then the error.
    server.enqueue(anthropicErrorMidStream(anthropicStream(reply), 10), anthropicStream(reply));
    const events = await collectEvents(anthropic().stream(request()));
    expect(streamedBefore(events, 'text_delta')).toBe(true);
    expect(streamedBefore(events, 'tool_call_delta')).toBe(true);
    expect(retries(events)).toEqual([{ reason: 'overloaded', errorType: 'overloaded_error' }]);
    const retried = afterRetry(events);
    expect(retried.filter((event) => event.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'toolu_1', name: 'lookup', input: { product: 'milk' } },
    ]);
    expect(retried.flatMap((event) => (event.type === 'text_delta' ? [event.text] : [])).join('')).toBe(
      'Let me check. ',
    );
    expect(retried.at(-1)).toEqual({ type: 'finish', reason: 'tool_use' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body).toEqual(server.requests[0]?.body);
  });

  it('is asked again when the connection is cut, and when the stream ends before message_stop', async () => {
    server.enqueue(
      cutMidStream(anthropicStream(reply), 9),
      { ...anthropicStream(reply), cutAfterEvents: 12, cutMode: 'end' },
      anthropicStream(reply),
    );
    const events = await collectEvents(anthropic().stream(request()));
    expect(retries(events)).toEqual([
      { reason: 'connection', errorType: undefined },
      { reason: 'connection', errorType: undefined },
    ]);
    expect(afterRetry(events).at(-1)).toEqual({ type: 'finish', reason: 'tool_use' });
    expect(server.requests).toHaveLength(3);
  });

  it('is asked again after an OpenAI error chunk and after a cut connection', async () => {
    server.enqueue(
      openaiErrorMidStream(openaiStream(reply), 4),
      cutMidStream(openaiStream(reply), 6),
      openaiStream(reply),
    );
    const events = await collectEvents(openai().stream(request()));
    expect(streamedBefore(events, 'text_delta')).toBe(true);
    expect(retries(events)).toEqual([
      { reason: 'server_error', errorType: 'server_error' },
      { reason: 'connection', errorType: undefined },
    ]);
    const retried = afterRetry(events);
    expect(retried.filter((event) => event.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'toolu_1', name: 'lookup', input: { product: 'milk' } },
    ]);
    expect(retried.at(-1)).toEqual({ type: 'finish', reason: 'tool_use' });
  });

  it('is not asked again after an error the vendor would repeat', async () => {
    const invalid = {
      type: 'invalid_request_error',
      message: 'messages: text content blocks must be non-empty',
    };
    server.enqueue(anthropicErrorMidStream(anthropicStream(reply), 5, invalid), anthropicStream(reply));
    const events = await collectEvents(anthropic().stream(request()));
    expect(retries(events)).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'error',
      error: `Anthropic API error (invalid_request_error): ${invalid.message}`,
      errorType: 'invalid_request_error',
    });
  });

  it('is not asked again after an OpenAI-compatible error chunk with a client error code', async () => {
    const bad = { type: 'BadRequestError', message: 'This model does not support tools', code: 400 };
    server.enqueue(openaiErrorMidStream(openaiStream(reply), 2, bad), openaiStream(reply));
    const events = await collectEvents(openai().stream(request()));
    expect(retries(events)).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'error', errorType: 'BadRequestError' });
  });

  it('fails clearly once every attempt broke off', async () => {
    const broken = anthropicErrorMidStream(anthropicStream(reply), 4);
    server.enqueue(broken, broken, broken, anthropicStream(reply));
    const events = await collectEvents(anthropic({ maxRetries: 2 }).stream(request()));
    expect(retries(events)).toHaveLength(2);
    expect(server.requests).toHaveLength(3);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'error',
      error:
        'Anthropic API error (overloaded_error): Overloaded — the reply broke off mid-stream, still after 2 retries; try again later',
      errorType: 'overloaded_error',
    });
  });

  it('fails clearly once every OpenAI attempt was cut', async () => {
    const cut = cutMidStream(openaiStream(reply), 3);
    server.enqueue(cut, cut);
    const events = await collectEvents(openai({ maxRetries: 1 }).stream(request()));
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'error' });
    const finish = events.at(-1);
    expect(finish?.type === 'finish' && finish.error).toMatch(
      /^OpenAI-compatible stream failed: the stream broke off \(terminated.*\) — the reply broke off mid-stream, still after 1 retry; try again later$/,
    );
  });

  it('starts the text protocol parsing over, so a call cut in half is not read into the new reply', async () => {
    const text = 'Checking. <tool>lookup</tool><params>{"product": "milk"}</params>';
    const textReply = { text, stopReason: 'stop' };
    // The role chunk and the first four words: the cut falls inside the call's markup.
    server.enqueue(cutMidStream(openaiStream(textReply), 5), openaiStream(textReply));
    const model = withTextToolProtocol(openai(), { createId: () => 'text_call_1' });
    const events = await collectEvents(model.stream(request()));
    expect(retries(events)).toEqual([{ reason: 'connection', errorType: undefined }]);
    const retried = afterRetry(events);
    expect(retried.flatMap((event) => (event.type === 'text_delta' ? [event.text] : [])).join('')).toBe(
      'Checking. ',
    );
    expect(retried.filter((event) => event.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'text_call_1', name: 'lookup', input: { product: 'milk' } },
    ]);
    expect(retried.at(-1)).toEqual({ type: 'finish', reason: 'tool_use' });
  });
});
