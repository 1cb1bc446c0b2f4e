import type { ChatMessage, ContentBlock, TextBlock } from '@switchboard/core';
import type { MessageDraft } from './api-message.ts';

/**
 * Converts runtime messages (Anthropic-style content blocks) into API messages: an assistant message
 * with its `tool_calls`, one `tool` message per result, user text as a user message. `toolNames` maps
 * tool_use ids to names for results whose call came earlier (it is filled with the calls seen here).
 */
export function toApiMessages(
  messages: readonly ChatMessage[],
  toolNames = new Map<string, string>(),
): MessageDraft[] {
  const drafts: MessageDraft[] = [];
  for (const message of messages) {
    const blocks: ContentBlock[] =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    const text = blocks
      .filter((block): block is TextBlock => block.type === 'text')
      .map((block) => block.text)
      .join('\n\n');
    if (message.role === 'assistant') {
      const calls = blocks.flatMap((block) => (block.type === 'tool_use' ? [block] : []));
      for (const call of calls) toolNames.set(call.id, call.name);
      drafts.push({
        role: 'assistant',
        content: text || null,
        ...(calls.length > 0
          ? {
              tool_calls: calls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: JSON.stringify(call.input ?? {}) },
              })),
            }
          : {}),
      });
      continue;
    }
    for (const block of blocks) {
      if (block.type !== 'tool_result') continue;
      drafts.push({
        role: 'tool',
        content: block.content,
        tool_call_id: block.tool_use_id,
        name: toolNames.get(block.tool_use_id) ?? 'unknown',
        ...(block.is_error ? { is_error: true } : {}),
      });
    }
    if (text) drafts.push({ role: 'user', content: text });
  }
  return drafts;
}
