import type { FakeJsonReply } from './fake-model-server.ts';
import { openaiError } from './wire-streams.ts';

interface Message {
  role?: unknown;
  content?: unknown;
  tool_calls?: Array<{ id?: unknown }>;
  tool_call_id?: unknown;
}

/**
 * The 400 OpenAI's Chat Completions API answers a request's `messages` with when they break its
 * rules (the first one found, with the API's message and param); undefined when they keep them. The
 * rules, from the Chat Completions reference (an assistant message has `content` unless it has
 * `tool_calls`; a `tool` message is the response to a tool call of the assistant message before it)
 * and the function calling guide (each tool call gets its tool message before the conversation goes
 * on), with the errors the API returns for them:
 * - a `tool` message follows an assistant message with `tool_calls`, or another such tool message,
 *   and names one of its ids;
 * - every `tool_call_id` of an assistant message is answered by the tool messages right after it;
 * - an assistant message without `tool_calls` has content.
 */
export function openaiMessagesError(body: unknown): FakeJsonReply | undefined {
  const messages = (body as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages)) return undefined;
  let open: string[] | undefined;
  let askedAt = 0;
  for (const [index, message] of (messages as Message[]).entries()) {
    if (message.role === 'tool') {
      const id = String(message.tool_call_id ?? '');
      if (open === undefined)
        return invalid(
          `messages.[${index}].role`,
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        );
      if (!open.includes(id))
        return invalid(
          `messages.[${index}].tool_call_id`,
          `Invalid parameter: 'tool_call_id' of '${id}' not found in 'tool_calls' of previous message.`,
        );
      open = open.filter((other) => other !== id);
      continue;
    }
    if (open !== undefined && open.length > 0) return unanswered(askedAt, open);
    open = undefined;
    if (message.role !== 'assistant') continue;
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
    if (calls.length > 0) {
      open = calls.map((call) => String(call.id ?? ''));
      askedAt = index;
    } else if (message.content === null || message.content === undefined)
      return invalid(
        `messages.[${index}].content`,
        "Invalid value for 'content': expected a string, got null.",
      );
  }
  return open !== undefined && open.length > 0 ? unanswered(askedAt, open) : undefined;
}

function unanswered(index: number, ids: readonly string[]): FakeJsonReply {
  return invalid(
    `messages.[${index}].role`,
    `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${ids.join(', ')}`,
  );
}

function invalid(param: string, message: string): FakeJsonReply {
  const reply = openaiError(400, message, 'invalid_request_error');
  const body = reply.body as { error: Record<string, unknown> };
  return { ...reply, body: { error: { ...body.error, param } } };
}
