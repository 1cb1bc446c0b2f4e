import type { TurnOutcome } from '../chat/turn-types.ts';
import type { StoredRunOutcome } from '../store/run-outcome.ts';
import type { StoredAnswer } from './idempotency-key.ts';

/** Stop reasons of a turn whose answer was not saved (its user message was). */
const UNSAVED = new Set<TurnOutcome['stopReason']>(['not_saved', 'outcome_unknown', 'interrupted']);

/**
 * A turn's JSON answer and status: what it stored (the user's message, whatever the outcome) and how
 * it ended — 200, 502 for a model error, 500 when its answer was not saved (or that is unknown).
 */
export function turnAnswer(outcome: TurnOutcome): Extract<StoredAnswer, { kind: 'json' }> {
  const unsaved = UNSAVED.has(outcome.stopReason);
  const failed = outcome.stopReason === 'error' || unsaved;
  return {
    kind: 'json',
    status: outcome.stopReason === 'error' ? 502 : unsaved ? 500 : 200,
    body: {
      success: !failed,
      run_id: outcome.runId,
      stop_reason: outcome.stopReason,
      user_message: outcome.userMessage ?? null,
      assistant_message: outcome.assistantMessage,
      messages: outcome.messages,
      pending: outcome.pending,
      message: describe(outcome),
      ...(failed
        ? {
            error: {
              code: outcome.stopReason === 'error' ? 'model_error' : outcome.stopReason,
              message: outcome.error,
            },
          }
        : {}),
    },
  };
}

/**
 * The JSON answer of a turn read back from storage (a retried request whose first answer was lost):
 * as {@link turnAnswer} gave it for a turn that ran, as the error answer for one that never started.
 */
export function storedTurnAnswer(
  conversationId: string,
  runId: string,
  stored: Extract<StoredRunOutcome, { state: 'ended' }>,
): Extract<StoredAnswer, { kind: 'json' }> {
  const userMessage = stored.userMessage ?? undefined;
  const { end } = stored;
  if (end.saved)
    return turnAnswer({
      conversationId,
      runId,
      stopReason: end.stopReason as TurnOutcome['stopReason'],
      userMessage,
      messages: end.messages,
      assistantMessage: end.messages.filter((message) => message.role === 'assistant').at(-1) ?? null,
      pending: end.pending,
      ...(end.error ? { error: end.error } : {}),
    });
  if (UNSAVED.has(end.code as TurnOutcome['stopReason']))
    return turnAnswer({
      conversationId,
      runId,
      stopReason: end.code as TurnOutcome['stopReason'],
      userMessage,
      messages: [],
      assistantMessage: null,
      pending: [],
      error: end.message,
    });
  return {
    kind: 'json',
    status: end.code === 'unknown_model' ? 400 : 500,
    body: {
      success: false,
      error: { code: end.code, message: end.message, ...(userMessage ? { user_message: userMessage } : {}) },
    },
  };
}

function describe(outcome: TurnOutcome): string {
  switch (outcome.stopReason) {
    case 'end_turn':
      return 'Chat completed successfully';
    case 'awaiting_client_tool':
      return `Waiting for the client to run ${outcome.pending.length} tool call(s); POST their results to /tool-results`;
    case 'awaiting_approval':
      return `Waiting for approval of ${outcome.pending.filter((call) => call.reason === 'approval').length} tool call(s); POST decisions to /approvals`;
    case 'aborted':
      return 'Stopped';
    case 'max_iterations':
      return 'Stopped: the tool-turn limit of this request was reached';
    case 'max_tool_calls':
      return 'Stopped: the tool-call limit was reached';
    default:
      return outcome.error ?? 'The turn failed';
  }
}
