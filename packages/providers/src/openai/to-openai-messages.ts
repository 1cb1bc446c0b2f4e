import type { ChatMessage, ToolResultBlock, ToolUseBlock } from '@switchboard/core';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { normalizeHistory } from '../shared/normalize-history.ts';

/**
 * Converts the system prompt and Anthropic-style messages to Chat Completions messages: the history
 * is normalized first (see `normalizeHistory`: every tool call answered right after it, no result
 * without its call, no blank text), tool_use blocks become the assistant's `tool_calls`, each
 * tool_result becomes a `role: 'tool'` message (placed before any text of the same user turn, as the
 * API requires), and text blocks are joined.
 */
export function toOpenAIMessages(
  system: string,
  messages: readonly ChatMessage[],
): ChatCompletionMessageParam[] {
  const result: ChatCompletionMessageParam[] = system ? [{ role: 'system', content: system }] : [];
  for (const message of normalizeHistory({ messages }).messages) {
    if (typeof message.content === 'string') {
      result.push({ role: message.role, content: message.content });
      continue;
    }
    const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
    const toolUses = message.content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
    const toolResults = message.content.filter(
      (block): block is ToolResultBlock => block.type === 'tool_result',
    );
    if (message.role === 'assistant') {
      if (text || toolUses.length > 0) {
        result.push({
          role: 'assistant',
          content: text || null,
          ...(toolUses.length > 0 ? { tool_calls: toolUses.map(toToolCall) } : {}),
        });
      }
      result.push(...toolResults.map(toToolMessage));
    } else {
      result.push(...toolResults.map(toToolMessage));
      if (text) result.push({ role: 'user', content: text });
    }
  }
  return result;
}

function toToolCall(block: ToolUseBlock) {
  return {
    id: block.id,
    type: 'function' as const,
    function: {
      name: block.name,
      // A raw string is what the model sent when its arguments were not valid JSON: send it back as is.
      arguments: typeof block.input === 'string' ? block.input : JSON.stringify(block.input ?? {}),
    },
  };
}

function toToolMessage(block: ToolResultBlock): ChatCompletionMessageParam {
  return {
    role: 'tool',
    tool_call_id: block.tool_use_id,
    content: block.is_error ? `Error: ${block.content}` : block.content,
  };
}
