import type { AgentEvent, ToolCall } from '@switchboard/core';

/** A finished tool call, shown as a compact chip under the message of the turn that made it. */
export interface CallChip {
  id: string;
  /** The tool's full (prefixed) name. */
  name: string;
  args: unknown;
  /** The text the model got back. */
  result: string;
  error?: string;
  /** Wall time of the call; unknown for calls read back from a stored conversation. */
  elapsedMs?: number;
}

/** The finished tool calls of each turn, by the id of the user message that started the turn. */
export type TurnCalls = Readonly<Record<string, readonly CallChip[]>>;

/** No calls yet. */
export const NO_TURN_CALLS: TurnCalls = Object.freeze({});

/**
 * Folds an agent event into the calls of the turn started by the user message `turnId`: a finished
 * `tool_call` becomes a chip. Other events, and events outside a turn, leave the calls as they were.
 */
export function applyTurnCallEvent(
  calls: TurnCalls,
  event: AgentEvent,
  turnId: string | undefined,
): TurnCalls {
  if (turnId === undefined || event.type !== 'CUSTOM' || event.name !== 'tool_call') return calls;
  const call = event.value as ToolCall;
  if (typeof call?.id !== 'string' || typeof call.name !== 'string') return calls;
  const chip: CallChip = {
    id: call.id,
    name: call.name,
    args: call.args,
    result: String(call.result ?? ''),
    ...(Number.isFinite(call.elapsed) ? { elapsedMs: call.elapsed } : {}),
    ...(call.error ? { error: call.error } : {}),
  };
  const turn = (calls[turnId] ?? []).filter((existing) => existing.id !== chip.id);
  return { ...calls, [turnId]: [...turn, chip] };
}
