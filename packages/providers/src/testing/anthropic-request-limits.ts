import { anthropicCacheControlError } from './anthropic-cache-control-rules.ts';
import { anthropicMessagesError } from './anthropic-message-rules.ts';
import type { FakeJsonReply } from './fake-model-server.ts';
import { anthropicError } from './wire-streams.ts';

/**
 * The request limits Anthropic publishes for Messages API tools: the name pattern of its tool
 * definition (descriptions and tool counts have no published limit).
 */
export const ANTHROPIC_REQUEST_LIMITS = Object.freeze({
  toolNamePattern: '^[a-zA-Z0-9_-]{1,64}$',
});

/**
 * The 400 Anthropic answers a Messages request body with, when a custom tool breaks a published
 * limit, its messages break the API's message rules (see {@link anthropicMessagesError}) or its
 * `cache_control` breakpoints break the prompt-caching rules (the first one found, in the API's own
 * words); undefined when the request is within them.
 */
export function anthropicRequestError(body: unknown): FakeJsonReply | undefined {
  const tools = (body as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return anthropicMessagesError(body) ?? anthropicCacheControlError(body);
  const pattern = new RegExp(ANTHROPIC_REQUEST_LIMITS.toolNamePattern);
  for (const [index, tool] of (tools as Array<{ name?: unknown; type?: unknown }>).entries()) {
    if (tool.type !== undefined && tool.type !== 'custom') continue;
    if (!pattern.test(String(tool.name ?? ''))) {
      return anthropicError(
        400,
        'invalid_request_error',
        `tools.${index}.custom.name: String should match pattern '${ANTHROPIC_REQUEST_LIMITS.toolNamePattern}'`,
      );
    }
  }
  return anthropicMessagesError(body) ?? anthropicCacheControlError(body);
}
