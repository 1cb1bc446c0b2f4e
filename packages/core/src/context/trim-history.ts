import type { ChatMessage } from '../types/messages.ts';

/**
 * Drops the oldest messages until the history fits in `maxChars`, cutting only where a new user turn
 * starts (a user message that is not a tool result), so a tool_result never loses its tool_use and
 * the reverse. The latest user turn is always kept, even when it alone exceeds the budget.
 */
export function trimHistory(messages: ChatMessage[], maxChars: number): ChatMessage[] {
  let total = messages.reduce((sum, message) => sum + messageSize(message), 0);
  if (total <= maxChars) return messages;
  const cutPoints = messages.flatMap((message, index) =>
    index > 0 && startsUserTurn(message) ? [index] : [],
  );
  let start = 0;
  for (const cut of cutPoints) {
    if (total <= maxChars) break;
    for (let index = start; index < cut; index++) total -= messageSize(messages[index]);
    start = cut;
  }
  return messages.slice(start);
}

/** True for a user message typed by a person (not a message carrying tool results). */
export function startsUserTurn(message: ChatMessage): boolean {
  if (message.role !== 'user') return false;
  return (
    typeof message.content === 'string' || !message.content.some((block) => block.type === 'tool_result')
  );
}

function messageSize(message: ChatMessage): number {
  if (typeof message.content === 'string') return message.content.length;
  let size = 0;
  for (const block of message.content) {
    if (block.type === 'text') size += block.text.length;
    else if (block.type === 'tool_result') size += block.content.length;
    else size += block.name.length + JSON.stringify(block.input ?? null).length;
  }
  return size;
}
