import { ResumeError } from '@switchboard/core';
import { TurnNotStartedError } from '../chat/turn-not-started-error.ts';
import { UnknownModelError } from '../chat/unknown-model-error.ts';
import { MessageFormatError } from '../messages/from-api-messages.ts';
import {
  ConversationBusyError,
  ConversationNotFoundError,
  MessageNotFoundError,
  NothingPendingError,
  SessionLimitReachedError,
  TurnAlreadyRunningError,
} from '../store/conversation-errors.ts';
import { InvalidCursorError } from '../store/conversation-store.ts';
import { ApiError, conversationNotFound } from './api-error.ts';

/**
 * When to try a busy conversation again: its turn ends as soon as it is done, or — its gateway gone —
 * at once when that gateway restarts, else at its lease's expiry; a client may also follow the turn
 * on `GET /conversations/{id}/stream`.
 */
const BUSY_RETRY = { 'Retry-After': '1' };

/**
 * The HTTP answer to a domain error thrown by `store/`, `chat/` or `messages/` (or core's `ResumeError`): its
 * status, stable code and details. Any other error comes back unchanged, for the app's error
 * handler (an `ApiError` is answered as it is; the rest is logged as an internal error). The app's
 * error handler applies it to every error a route throws, so routes let domain errors propagate.
 */
export function toApiError(error: unknown): unknown {
  if (error instanceof ConversationNotFoundError) return conversationNotFound(error.conversationId);
  if (error instanceof TurnAlreadyRunningError)
    return new ApiError(409, 'conversation_busy', error.message, {
      details: { conversation_id: error.conversationId },
      headers: BUSY_RETRY,
    });
  if (error instanceof ConversationBusyError)
    return new ApiError(409, 'conversation_busy', error.message, { headers: BUSY_RETRY });
  if (error instanceof SessionLimitReachedError)
    return new ApiError(409, 'session_limit_reached', error.message, { details: { limit: error.limit } });
  if (error instanceof NothingPendingError)
    return new ApiError(409, 'nothing_pending', error.message, { details: { status: error.status } });
  if (error instanceof MessageNotFoundError) return new ApiError(404, 'message_not_found', error.message);
  if (error instanceof InvalidCursorError) return new ApiError(400, 'invalid_cursor', error.message);
  if (error instanceof MessageFormatError) return new ApiError(400, 'invalid_messages', error.message);
  if (error instanceof UnknownModelError)
    return new ApiError(400, error.code, error.message, {
      details: { available: error.available, ...storedMessage(error) },
    });
  if (error instanceof TurnNotStartedError)
    return new ApiError(500, error.code, error.message, { details: storedMessage(error) });
  if (error instanceof ResumeError) {
    const status = error.code === 'unknown_call' ? 404 : error.code === 'wrong_kind' ? 400 : 409;
    return new ApiError(status, error.code, error.message);
  }
  return error;
}

/** The user message a turn stored before it failed to start, for the error to name. */
function storedMessage(error: TurnNotStartedError | UnknownModelError): Record<string, unknown> {
  return error.userMessage ? { user_message: error.userMessage } : {};
}
