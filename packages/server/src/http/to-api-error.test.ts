import { ResumeError } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { TurnNotStartedError } from '../chat/turn-not-started-error.ts';
import {
  ConversationBusyError,
  ConversationNotFoundError,
  MessageNotFoundError,
  NothingPendingError,
  SessionLimitReachedError,
  TurnAlreadyRunningError,
} from '../store/conversation-errors.ts';
import { InvalidCursorError } from '../store/conversation-store.ts';
import { ApiError } from './api-error.ts';
import { toApiError } from './to-api-error.ts';

function answer(error: unknown) {
  const mapped = toApiError(error);
  expect(mapped).toBeInstanceOf(ApiError);
  const { status, code, message, details } = mapped as ApiError;
  return { status, code, message, details };
}

describe('toApiError', () => {
  it('answers each domain error with its status, code, message and details', () => {
    expect(answer(new ConversationNotFoundError('conv_1'))).toEqual({
      status: 404,
      code: 'conversation_not_found',
      message: 'conversation "conv_1" not found',
      details: undefined,
    });
    expect(answer(new TurnAlreadyRunningError('conv_1'))).toMatchObject({
      status: 409,
      code: 'conversation_busy',
      details: { conversation_id: 'conv_1' },
    });
    expect(answer(new ConversationBusyError())).toMatchObject({ status: 409, code: 'conversation_busy' });
    expect(answer(new SessionLimitReachedError(3))).toMatchObject({
      status: 409,
      code: 'session_limit_reached',
      details: { limit: 3 },
    });
    expect(answer(new NothingPendingError('idle'))).toMatchObject({
      status: 409,
      code: 'nothing_pending',
      details: { status: 'idle' },
    });
    expect(answer(new MessageNotFoundError('msg_1'))).toMatchObject({
      status: 404,
      code: 'message_not_found',
    });
    expect(answer(new InvalidCursorError('invalid cursor'))).toMatchObject({
      status: 400,
      code: 'invalid_cursor',
    });
    expect(answer(new TurnNotStartedError('turn_setup_failed', 'no'))).toMatchObject({
      status: 500,
      code: 'turn_setup_failed',
      message: 'no',
    });
  });

  it("answers core's refused resumes by their code", () => {
    expect(answer(new ResumeError('unknown_call', 'x')).status).toBe(404);
    expect(answer(new ResumeError('wrong_kind', 'x')).status).toBe(400);
    expect(answer(new ResumeError('not_pending', 'x'))).toMatchObject({ status: 409, code: 'not_pending' });
  });

  it('gives any other error back unchanged', () => {
    const error = new Error('boom');
    expect(toApiError(error)).toBe(error);
    const api = new ApiError(418, 'teapot', 'short and stout');
    expect(toApiError(api)).toBe(api);
  });
});
