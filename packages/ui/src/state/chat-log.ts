import type { AgentEvent, StopReason } from '@switchboard/core';
import type { ReplyUsage } from '../format/usage-text.ts';

/** One line of the chat: a user or assistant message, or a notice from the runtime. */
export interface ChatEntry {
  id: string;
  role: 'user' | 'assistant' | 'notice';
  text: string;
  /** True while the assistant's text is still streaming. */
  streaming?: boolean;
  tone?: 'info' | 'error';
  /** On a turn's last reply: what the turn used (tokens, and cost where the model has a price). */
  usage?: ReplyUsage;
}

const STOP_NOTICES: Partial<Record<StopReason, string>> = {
  aborted: 'Stopped.',
  max_iterations: 'Stopped: the iteration limit was reached.',
  max_tool_calls: 'Stopped: the tool-call limit was reached.',
  awaiting_approval: 'Waiting for your approval.',
  awaiting_client_tool: 'Waiting for a tool that runs in this page.',
};

/**
 * Folds an agent event into the chat: streamed assistant text, stop notices and errors. Text the run
 * discards (`model_output_discarded`: a reply that broke off and is asked again, or failed) is removed.
 * Returns a new array.
 */
export function applyChatEvent(entries: readonly ChatEntry[], event: AgentEvent): ChatEntry[] {
  switch (event.type) {
    case 'TEXT_MESSAGE_START':
      // A start heard again (a stream followed twice) keeps the message it started.
      return entries.some((entry) => entry.id === event.messageId)
        ? (entries as ChatEntry[])
        : [...entries, { id: event.messageId, role: 'assistant', text: '', streaming: true }];
    case 'TEXT_MESSAGE_CONTENT':
      return updateEntry(
        entries,
        event.messageId,
        (entry) => ({ ...entry, text: entry.text + event.delta }),
        () => ({
          id: event.messageId,
          role: 'assistant',
          text: event.delta,
          streaming: true,
        }),
      );
    case 'TEXT_MESSAGE_END':
      return updateEntry(entries, event.messageId, (entry) => ({ ...entry, streaming: false }));
    case 'CUSTOM':
      return event.name === 'model_output_discarded'
        ? withoutMessage(entries, event.value)
        : (entries as ChatEntry[]);
    case 'RUN_ERROR':
      return [
        ...closeStreams(entries),
        {
          id: noticeId(entries),
          role: 'notice',
          text: event.message,
          tone: 'error',
        },
      ];
    case 'RUN_FINISHED': {
      const notice = STOP_NOTICES[event.result.stopReason];
      const closed = closeStreams(entries);
      return notice
        ? [...closed, { id: noticeId(entries), role: 'notice', text: notice, tone: 'info' }]
        : closed;
    }
    default:
      return entries as ChatEntry[];
  }
}

/**
 * The chat with `usage` on the latest turn's reply: its last assistant entry after the last user
 * message (the turn's earlier replies lose what an earlier count put on them). Unchanged when the
 * turn has no reply yet. Returns a new array.
 */
export function withReplyUsage(entries: readonly ChatEntry[], usage: ReplyUsage): ChatEntry[] {
  const turnStart = entries.findLastIndex((entry) => entry.role === 'user') + 1;
  const last = entries.findLastIndex((entry, index) => index >= turnStart && entry.role === 'assistant');
  if (last === -1) return entries as ChatEntry[];
  return entries.map((entry, index) => {
    if (index === last) return { ...entry, usage };
    if (index < turnStart || !entry.usage) return entry;
    const { usage: _earlier, ...rest } = entry;
    return rest;
  });
}

/** A user message entry. */
export function userEntry(
  text: string,
  id = `user_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`,
): ChatEntry {
  return { id, role: 'user', text };
}

function updateEntry(
  entries: readonly ChatEntry[],
  id: string,
  change: (entry: ChatEntry) => ChatEntry,
  create?: () => ChatEntry,
): ChatEntry[] {
  const index = entries.findIndex((entry) => entry.id === id);
  if (index === -1) return create ? [...entries, create()] : (entries as ChatEntry[]);
  const next = [...entries];
  next[index] = change(entries[index]);
  return next;
}

/** A new notice's id: `notice_<n>` for the chat's n-th notice (notices are never removed, so never reused). */
function noticeId(entries: readonly ChatEntry[]): string {
  return `notice_${entries.filter((entry) => entry.role === 'notice').length + 1}`;
}

function closeStreams(entries: readonly ChatEntry[]): ChatEntry[] {
  return entries.map((entry) => (entry.streaming ? { ...entry, streaming: false } : entry));
}

/** The chat without the assistant message a `model_output_discarded` event names. */
function withoutMessage(entries: readonly ChatEntry[], value: unknown): ChatEntry[] {
  const messageId = (value as { messageId?: unknown } | null)?.messageId;
  if (typeof messageId !== 'string') return entries as ChatEntry[];
  const kept = entries.filter((entry) => entry.role !== 'assistant' || entry.id !== messageId);
  return kept.length === entries.length ? (entries as ChatEntry[]) : kept;
}
