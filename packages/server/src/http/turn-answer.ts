import { modelPrices, replyUsage } from '../chat/reply-usage.ts';
import type { TurnOutcome } from '../chat/turn-types.ts';
import type { ApiMessage } from '../messages/api-message.ts';
import type { GatewayServices } from '../services/gateway-services.ts';
import { getConversation } from '../store/conversation-store.ts';
import type { StoredRunOutcome } from '../store/run-outcome.ts';
import { runUsage } from '../store/run-usage-store.ts';
import type { StoredAnswer } from './idempotency-key.ts';

/** A turn's JSON answer. */
type TurnAnswer = Extract<StoredAnswer, { kind: 'json' }>;

/** Stop reasons of a turn whose answer was not saved (its user message was). */
const UNSAVED = new Set<TurnOutcome['stopReason']>(['not_saved', 'outcome_unknown', 'interrupted']);

/**
 * A turn's JSON answer and status: what it stored (the user's message, whatever the outcome) and how
 * it ended — 200, 502 for a model error, 500 when its answer was not saved (or that is unknown).
 */
export function turnAnswer(outcome: TurnOutcome): TurnAnswer {
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
): TurnAnswer {
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

/**
 * The answer with what its turn used on its last assistant message (`usage`: the tokens and, at the
 * price of the model that answered, their cost), as `GET /conversations/{id}/messages` shows it.
 * Unchanged when the turn stored no reply or no usage.
 */
export async function withTurnUsage(
  services: Pick<GatewayServices, 'db' | 'models'>,
  userId: string,
  conversationId: string,
  answer: TurnAnswer,
): Promise<TurnAnswer> {
  const body = answer.body as {
    run_id?: string;
    assistant_message?: ApiMessage | null;
    messages?: ApiMessage[];
  };
  const reply = body.assistant_message;
  if (!reply || !body.run_id) return answer;
  const used = (await runUsage(services.db, userId, [body.run_id])).get(body.run_id);
  if (!used) return answer;
  const conversation = await getConversation(services.db, userId, conversationId);
  const priceOf = modelPrices(services.models, conversation?.model ?? null);
  const answered = { ...reply, usage: replyUsage(used, priceOf(used.model)) };
  const messages = body.messages?.map((message) => (message.id === reply.id ? answered : message));
  return { ...answer, body: { ...body, assistant_message: answered, messages } };
}
