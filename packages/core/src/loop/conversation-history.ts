import type { AgentSession } from '../session/agent-session.ts';
import type { ChatMessage, ContentBlock } from '../types/messages.ts';

/** Adds the user's text, merging into a trailing user message so roles keep alternating. */
export function appendUserText(messages: ChatMessage[], text: string): void {
  const last = messages.at(-1);
  if (last?.role === 'user') {
    const blocks: ContentBlock[] =
      typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : last.content;
    messages[messages.length - 1] = { role: 'user', content: [...blocks, { type: 'text', text }] };
  } else {
    messages.push({ role: 'user', content: text });
  }
}

/** A new message while calls were pending: answer them as not run, so no tool_use is left orphaned. */
export function settleAbandonedStep(session: AgentSession): void {
  const suspended = session.suspended;
  if (!suspended) return;
  session.suspended = undefined;
  session.messages.push({
    role: 'user',
    content: suspended.blocks.map(
      (block) =>
        suspended.results[block.id] ?? {
          type: 'tool_result' as const,
          tool_use_id: block.id,
          content: 'Error: not run — the user sent a new message instead of answering this call.',
          is_error: true,
        },
    ),
  });
}
