import type { ChatMessage, ContentBlock } from '@switchboard/core';
import { callSyntax, formatTextToolCall, type TextProtocolSyntax } from './text-protocol-syntax.ts';

/**
 * Renders a conversation for a model that only reads text: the assistant's tool_use blocks become
 * calls in the syntax the model wrote them in (marked on their ids, else the taught one), and tool_result blocks become
 * `<tool_result name="…" id="…">…</tool_result>` (with `error="true"` for failures) in the user message.
 */
export function renderHistoryAsText(
  messages: readonly ChatMessage[],
  syntax: TextProtocolSyntax,
): ChatMessage[] {
  const toolNames = new Map<string, string>();
  return messages.map((message) => {
    if (typeof message.content === 'string') return message;
    const parts = message.content.map((block) => renderBlock(block, syntax, toolNames));
    return { role: message.role, content: parts.join(message.role === 'assistant' ? '\n' : '\n\n') };
  });
}

function renderBlock(
  block: ContentBlock,
  syntax: TextProtocolSyntax,
  toolNames: Map<string, string>,
): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'tool_use':
      toolNames.set(block.id, block.name);
      return formatTextToolCall(block.name, block.input, callSyntax(block.id, syntax));
    case 'tool_result': {
      const name = toolNames.get(block.tool_use_id) ?? 'unknown';
      const error = block.is_error ? ' error="true"' : '';
      return `<tool_result name="${attribute(name)}" id="${attribute(block.tool_use_id)}"${error}>\n${block.content}\n</tool_result>`;
    }
  }
}

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}
