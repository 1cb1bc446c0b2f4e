import type { ChatMessage, ContentBlock } from '@switchboard/core';
import type { ChatEntry, HistoryCall } from '@switchboard/ui';
import { shownWidget } from '../shown-widget.ts';

/**
 * The finished calls of a conversation kept in the page (the session's messages), each filed under
 * the chat's user message whose turn made it — the session's user requests and the chat's user
 * entries are matched in order — so a reloaded page shows the same chips and widget tooltips.
 * The session keeps no call times.
 */
export function sessionHistory(messages: readonly ChatMessage[], chat: readonly ChatEntry[]): HistoryCall[] {
  const turns = chat.filter((entry) => entry.role === 'user').map((entry) => entry.id);
  const calls = new Map<string, { name: string; args: unknown }>();
  const history: HistoryCall[] = [];
  let requests = 0;
  for (const message of messages) {
    const blocks: ContentBlock[] =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (message.role === 'user' && blocks.some((block) => block.type === 'text' && block.text.trim() !== ''))
      requests++;
    const turnId = turns[requests - 1];
    for (const block of blocks) {
      if (block.type === 'tool_use') calls.set(block.id, { name: block.name, args: block.input });
      if (block.type !== 'tool_result' || turnId === undefined) continue;
      const call = calls.get(block.tool_use_id);
      const name = call?.name ?? 'unknown';
      const widgetId = shownWidget(name, block.content, block.is_error === true);
      history.push({
        turnId,
        id: block.tool_use_id,
        name,
        args: call?.args ?? {},
        result: block.content,
        ...(block.is_error ? { error: block.content || 'the tool failed' } : {}),
        ...(widgetId ? { widgetId } : {}),
      });
    }
  }
  return history;
}
