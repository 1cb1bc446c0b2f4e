import type { FakeStreamReply } from './fake-model-server.ts';

/** An error as a vendor puts it in a stream: its type and message. */
export interface StreamErrorBody {
  type: string;
  message: string;
}

/**
 * The stream's first `afterEvents` events, then Anthropic's `event: error` (by default the
 * `overloaded_error` it sends when it is overloaded mid-reply), then the end of the response, as the
 * Messages API does. Count `message_start` and every `ping` and delta as events.
 */
export function anthropicErrorMidStream(
  stream: FakeStreamReply,
  afterEvents: number,
  error: StreamErrorBody = { type: 'overloaded_error', message: 'Overloaded' },
): FakeStreamReply {
  const data = { type: 'error', error };
  return withTail(stream, afterEvents, `event: error\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * The stream's first `afterEvents` chunks, then the error chunk an OpenAI-compatible server sends when
 * it fails mid-reply (`data: {"error": {message, type, param, code}}`, by default OpenAI's
 * `server_error`), then the end of the response, without `[DONE]`.
 */
export function openaiErrorMidStream(
  stream: FakeStreamReply,
  afterEvents: number,
  error: StreamErrorBody & { code?: string | number | null } = {
    type: 'server_error',
    message: 'The server had an error while processing your request. Sorry about that!',
  },
): FakeStreamReply {
  const data = { error: { message: error.message, type: error.type, param: null, code: error.code ?? null } };
  return withTail(stream, afterEvents, `data: ${JSON.stringify(data)}\n\n`);
}

/** The stream's first `afterEvents` events, then its connection cut: the socket is destroyed. */
export function cutMidStream(stream: FakeStreamReply, afterEvents: number): FakeStreamReply {
  return { ...stream, cutAfterEvents: afterEvents, cutMode: 'destroy' };
}

function withTail(stream: FakeStreamReply, afterEvents: number, tail: string): FakeStreamReply {
  const events = stream.body
    .replace(/\r\n/g, '\n')
    .split('\n\n')
    .filter((event) => event.trim() !== '');
  if (afterEvents >= events.length) {
    throw new Error(`the stream has ${events.length} events: it cannot break after ${afterEvents}`);
  }
  const head = events.slice(0, afterEvents).map((event) => `${event}\n\n`);
  return { ...stream, body: `${head.join('')}${tail}` };
}
