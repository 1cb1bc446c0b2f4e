import type { FakeJsonReply, FakeStreamReply } from './fake-model-server.ts';

/** A reply to build in a vendor's wire format. */
export interface WireReply {
  /** Streamed word by word. */
  text?: string;
  /** Streamed after the text; each input is sent in a few partial JSON pieces. */
  toolCalls?: Array<{ id?: string; name: string; input: unknown }>;
  /** Anthropic `stop_reason` / OpenAI `finish_reason`. Default: tool use when there are calls, else end of turn. */
  stopReason?: string;
  usage?: { inputTokens: number; outputTokens: number; cacheReadTokens?: number; cacheWriteTokens?: number };
  model?: string;
}

/** The SSE stream the Anthropic Messages API would send for this reply. */
export function anthropicStream(reply: WireReply): FakeStreamReply {
  const usage = reply.usage ?? { inputTokens: 10, outputTokens: 5 };
  const events: Array<[string, unknown]> = [
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          id: `msg_fake${idSuffix(reply)}`,
          type: 'message',
          role: 'assistant',
          model: reply.model ?? 'claude-sonnet-4-5-20250929',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: usage.inputTokens,
            cache_creation_input_tokens: usage.cacheWriteTokens ?? 0,
            cache_read_input_tokens: usage.cacheReadTokens ?? 0,
            output_tokens: 1,
          },
        },
      },
    ],
  ];
  let index = 0;
  if (reply.text) {
    events.push([
      'content_block_start',
      { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
    ]);
    events.push(['ping', { type: 'ping' }]);
    for (const word of words(reply.text)) {
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'text_delta', text: word } },
      ]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
    index++;
  }
  for (const [position, call] of (reply.toolCalls ?? []).entries()) {
    const id = call.id ?? `toolu_fake${position + 1}`;
    events.push([
      'content_block_start',
      {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id, name: call.name, input: {} },
      },
    ]);
    events.push([
      'content_block_delta',
      { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '' } },
    ]);
    for (const piece of pieces(JSON.stringify(call.input ?? {}))) {
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } },
      ]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
    index++;
  }
  const stopReason = reply.stopReason ?? (reply.toolCalls?.length ? 'tool_use' : 'end_turn');
  events.push([
    'message_delta',
    {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.outputTokens },
    },
  ]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return {
    kind: 'stream',
    body: events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join(''),
  };
}

/** The SSE stream an OpenAI Chat Completions server would send for this reply (with the usage chunk). */
export function openaiStream(reply: WireReply): FakeStreamReply {
  const base = {
    id: `chatcmpl-fake${idSuffix(reply)}`,
    object: 'chat.completion.chunk',
    created: 1_760_000_000,
    model: reply.model ?? 'gpt-4.1-2025-04-14',
    system_fingerprint: 'fp_fake',
  };
  const chunk = (delta: unknown, finishReason: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    usage: null,
  });
  const chunks: unknown[] = [chunk({ role: 'assistant', content: '', refusal: null })];
  for (const word of words(reply.text ?? '')) chunks.push(chunk({ content: word }));
  for (const [index, call] of (reply.toolCalls ?? []).entries()) {
    const id = call.id ?? `call_fake${index + 1}`;
    chunks.push(
      chunk({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] }),
    );
    for (const piece of pieces(JSON.stringify(call.input ?? {}))) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  }
  chunks.push(chunk({}, reply.stopReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop')));
  const usage = reply.usage ?? { inputTokens: 10, outputTokens: 5 };
  const cached = usage.cacheReadTokens ?? 0;
  chunks.push({
    ...base,
    choices: [],
    usage: {
      prompt_tokens: usage.inputTokens + cached,
      completion_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + cached + usage.outputTokens,
      prompt_tokens_details: { cached_tokens: cached, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
  });
  return {
    kind: 'stream',
    body: `${chunks.map((data) => `data: ${JSON.stringify(data)}\n\n`).join('')}data: [DONE]\n\n`,
  };
}

/** An Anthropic error response, e.g. `anthropicError(529, 'overloaded_error', 'Overloaded')`. */
export function anthropicError(
  status: number,
  type: string,
  message: string,
  headers?: Record<string, string>,
): FakeJsonReply {
  return {
    kind: 'json',
    status,
    body: { type: 'error', error: { type, message }, request_id: 'req_fake' },
    ...(headers ? { headers } : {}),
  };
}

/** An OpenAI error response, e.g. `openaiError(500, 'The server had an error', 'server_error')`. */
export function openaiError(
  status: number,
  message: string,
  type: string,
  headers?: Record<string, string>,
  code: string | null = null,
): FakeJsonReply {
  return {
    kind: 'json',
    status,
    body: { error: { message, type, param: null, code } },
    ...(headers ? { headers } : {}),
  };
}

/** A 429 that asks the client to retry after `retryAfterMs` (both `retry-after-ms` and `retry-after` are sent). */
export function rateLimited(vendor: 'anthropic' | 'openai', retryAfterMs = 1): FakeJsonReply {
  const headers = {
    'retry-after-ms': String(retryAfterMs),
    'retry-after': String(Math.ceil(retryAfterMs / 1000)),
  };
  return vendor === 'anthropic'
    ? anthropicError(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit.', headers)
    : openaiError(429, 'Rate limit reached for requests', 'requests', headers, 'rate_limit_exceeded');
}

function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** Splits JSON text into up to three pieces, the way argument deltas arrive. */
function pieces(json: string): string[] {
  const size = Math.max(1, Math.ceil(json.length / 3));
  const result: string[] = [];
  for (let start = 0; start < json.length; start += size) result.push(json.slice(start, start + size));
  return result;
}

/** A short stable suffix for message ids (a hash of the reply, so equal replies get equal ids). */
function idSuffix(reply: WireReply): string {
  let hash = 0;
  for (const char of JSON.stringify(reply)) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(36);
}
