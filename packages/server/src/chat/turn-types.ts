import type { StopReason } from '@switchboard/core';
import type { ApiMessage } from '../messages/api-message.ts';
import type { ClientToolDeclaration, PendingCall } from '../store/conversation.ts';
import type { InteractionAnswer, InteractionAnswerOutcome } from './interaction-answer.ts';
import type { LiveRun } from './live-run.ts';

/** What a turn does: answer a new user message, or resume a suspended step. */
export type TurnInput =
  | { kind: 'chat'; content: string; clientTools?: ClientToolDeclaration[] }
  | {
      kind: 'resume';
      toolResults?: Array<{ toolCallId: string; content: string; isError?: boolean }>;
      approvals?: Array<{ toolCallId: string; decision: 'approve' | 'deny'; remember?: boolean }>;
    };

/** A person's answer to a call that waited for approval, as a resume sends it. */
export type ApprovalAnswer = NonNullable<Extract<TurnInput, { kind: 'resume' }>['approvals']>[number];

/** How a turn ended. */
export interface TurnOutcome {
  conversationId: string;
  runId: string;
  /**
   * core's stop reason; `not_saved` when nothing of the turn was stored (its user message aside),
   * `outcome_unknown` when the database did not confirm whether the commit went through,
   * `interrupted` (read back from storage only) when the gateway running it stopped.
   */
  stopReason: StopReason | 'not_saved' | 'outcome_unknown' | 'interrupted';
  userMessage?: ApiMessage;
  /** The messages the turn stored (the user's message aside). */
  messages: ApiMessage[];
  /** The turn's last assistant message. */
  assistantMessage: ApiMessage | null;
  pending: PendingCall[];
  error?: string;
}

/** A turn running in this process. */
export interface ActiveTurn {
  conversationId: string;
  runId: string;
  live: LiveRun;
  userMessage?: ApiMessage;
  done: Promise<TurnOutcome>;
  stop(): void;
  /** Gives the run a person's answer to a question one of its servers asked. */
  answer(requestId: string, answer: InteractionAnswer): InteractionAnswerOutcome;
}
