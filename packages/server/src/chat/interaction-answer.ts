import type { RunInteractions } from '@switchboard/core';

/** A person's answer to a server's question during a turn, as the API takes it. */
export type InteractionAnswer =
  | {
      kind: 'elicitation';
      action: 'accept' | 'decline' | 'cancel';
      content?: Record<string, string | number | boolean | string[]>;
    }
  | { kind: 'sampling'; decision: 'approve' | 'deny' };

/** What applying an answer gave: done, or why not (the API's error code and message). */
export type InteractionAnswerOutcome =
  | { ok: true }
  | { ok: false; code: 'unknown_request' | 'invalid_answer'; message: string };

/** Hands an answer to the turn's run: the form is checked, the sampling request approved or refused. */
export function applyInteractionAnswer(
  interactions: RunInteractions,
  requestId: string,
  answer: InteractionAnswer,
): InteractionAnswerOutcome {
  if (answer.kind === 'elicitation') {
    return interactions.answerElicitation(
      requestId,
      answer.action === 'accept'
        ? { action: 'accept', content: answer.content ?? {} }
        : { action: answer.action },
    );
  }
  if (interactions.answerSampling(requestId, answer.decision === 'approve')) return { ok: true };
  return {
    ok: false,
    code: 'unknown_request',
    message: `no sampling request "${requestId}" is waiting (it was answered, timed out or cancelled)`,
  };
}
