import type { AgentSessionSnapshot, StopReason } from '@switchboard/core';

/**
 * The session a turn commits: when the turn failed before the model answered anything, without the
 * user's message it began with (the transcript keeps it, with the error). The next message then
 * takes its place — the same one retried, or another — instead of reaching the model merged with
 * it, which would have it act on a retried request twice.
 */
export function forgetFailedRequest(
  session: AgentSessionSnapshot,
  startLength: number,
  stopReason: StopReason,
): AgentSessionSnapshot {
  const added = session.messages.slice(startLength);
  if (stopReason !== 'error' || added.length !== 1 || added[0]?.role !== 'user') return session;
  return { ...session, messages: session.messages.slice(0, startLength) };
}
