import { type AgentSessionSnapshot, trimHistory } from '@switchboard/core';

/** The share of the bound a stored history is trimmed to once it has grown past it. */
const TRIMMED_SHARE = 0.75;

/**
 * The session a turn stores. Within `maxChars` of history it is `session` itself; past it, the
 * oldest whole turns are left out until a quarter of the bound is free (the latest turn is always
 * kept), with only the full results of the tool calls the history still holds (recall can name no
 * other). So what each turn reads, sends and rewrites stays the same size however long the
 * conversation grows, and the start of the history — which a vendor's prompt cache keys on — moves
 * once every few turns rather than at each. Every message stays in the messages table.
 */
export function boundedSession(session: AgentSessionSnapshot, maxChars: number): AgentSessionSnapshot {
  if (trimHistory(session.messages, maxChars) === session.messages) return session;
  const messages = trimHistory(session.messages, Math.floor(maxChars * TRIMMED_SHARE));
  const kept = new Set<string>();
  for (const message of messages)
    if (typeof message.content !== 'string')
      for (const block of message.content) if (block.type === 'tool_result') kept.add(block.tool_use_id);
  return { ...session, messages, results: session.results.filter(([id]) => kept.has(id)) };
}
