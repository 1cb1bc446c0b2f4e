import type { AgentResult, StopReason, ToolCatalog } from '@switchboard/core';
import type { Logger } from 'pino';
import { eventsChannel, type GatewayBus } from '../bus/gateway-bus.ts';
import type { ApiMessage } from '../messages/api-message.ts';
import { toApiMessages } from '../messages/to-api-messages.ts';
import { logTurnFailure } from '../observability/log-turn-failure.ts';
import type { TurnObservation } from '../observability/turn-observer.ts';
import type { Database } from '../storage/database.ts';
import type { AcquiredTurn } from '../store/acquire-conversation.ts';
import { commitTurn, LeaseLostError, type TurnCommit } from '../store/commit-turn.ts';
import type { PendingCall } from '../store/conversation.ts';
import { statusOf } from '../store/conversation-lease.ts';
import { type MessageRow, toApiMessage } from '../store/message-store.ts';
import type { SequencedEvent, StreamEvent } from '../store/stream-event.ts';
import { settleUnsavedTurn, type UnsavedTurn, type UnsavedTurnState } from '../store/unsaved-turn.ts';
import { turnUsage } from '../store/usage-store.ts';
import { boundedSession } from './bounded-session.ts';
import { forgetFailedRequest } from './forget-failed-request.ts';
import type { LiveRun } from './live-run.ts';
import type { SessionCache } from './session-cache.ts';
import {
  approvalDecisions,
  approvalRequests,
  pendingCall,
  type ResumeDecision,
  rememberedPolicy,
} from './turn-approvals.ts';
import type { TurnInput, TurnOutcome } from './turn-types.ts';

/** Where a finished turn is saved and reported. */
export interface SaveTurnDeps {
  db: Database;
  bus: GatewayBus;
  /** This gateway instance (lease holder). */
  owner: string;
  logger: Logger;
  observation?: TurnObservation;
  /** Where the committed session is kept for the conversation's next turn. */
  sessions: SessionCache;
  /** The most characters of history the stored session keeps (see {@link boundedSession}). */
  historyChars: number;
  /**
   * How long a failed commit's outcome is looked for before the turn is reported `outcome_unknown`
   * (ms); looking goes on in the background for `leaseMs` more, so the conversation is given back as
   * soon as the database answers.
   */
  outcomeCheckMs: number;
  leaseMs: number;
}

/** A turn whose agent loop has ended, with what it gathered while it ran. */
export interface FinishedTurn {
  userId: string;
  modelId: string;
  input: TurnInput;
  acquired: AcquiredTurn;
  live: LiveRun;
  catalog: ToolCatalog;
  /** The session's length before the turn: the messages after it are the turn's. */
  startLength: number;
  /** Tool names of the suspended step's calls, by call id. */
  toolNames: Map<string, string>;
  decisions: ResumeDecision[];
  result: AgentResult;
  /** The run's closing events, sent only once the turn is saved. */
  held: StreamEvent[];
  canvas: TurnCommit['canvas'];
  /** Whether another holder took the lease while the turn ran. */
  leaseLost: boolean;
}

/**
 * Commits a finished turn (messages, session, events, approvals, usage, title) and sends its
 * closing events. When the commit fails, storage decides what the turn is told: saved after all
 * (the commit's answer was lost), `not_saved` (nothing of it stored; the conversation is given back
 * at once and its user message marked), or `outcome_unknown` when the database cannot say.
 */
export async function saveTurn(deps: SaveTurnDeps, turn: FinishedTurn): Promise<TurnOutcome> {
  const { db, bus, owner, logger, observation, sessions } = deps;
  const { live, acquired, result, catalog } = turn;
  const conversationId = live.conversationId;
  const runId = live.runId;
  const full = result.session.toJSON();
  const kept = forgetFailedRequest(full, turn.startLength, result.stopReason);
  const forgotten = kept.messages.length < full.messages.length;
  const drafts = toApiMessages(kept.messages.slice(turn.startLength), turn.toolNames);
  const session = boundedSession(kept, deps.historyChars);
  if (turn.input.kind === 'chat') {
    const index = drafts.findIndex((draft) => draft.role === 'user');
    if (index >= 0) drafts.splice(index, 1);
  }
  const pending = result.pending.map((call) => pendingCall(call.block, call.reason, catalog));
  const remembered = rememberedPolicy(acquired.row.approval_policy, turn.decisions, catalog);
  let closing: SequencedEvent[] = [];
  try {
    if (turn.leaseLost) throw new LeaseLostError('the conversation lease was lost while the turn ran');
    const committed = await commitTurn(db, {
      conversationId,
      owner,
      runId,
      session,
      status: statusOf(session),
      pending,
      messages: drafts,
      userMessageSeq: acquired.userMessage?.seq,
      ...(forgotten && acquired.userMessage ? { failedUserMessageSeq: acquired.userMessage.seq } : {}),
      events: live.unstored(),
      closingEvents: (rows) => {
        closing = [
          live.number(savedEvent(rows, acquired.userMessage, result.stopReason, pending)),
          ...turn.held.map((event) => live.number(event)),
        ];
        return closing;
      },
      canvas: turn.canvas,
      approvalRequests: result.stopReason === 'awaiting_approval' ? approvalRequests(result, catalog) : [],
      approvalDecisions: approvalDecisions(turn.decisions),
      approvalPolicy: remembered,
      usage: turnUsage(turn.userId, turn.modelId, result),
      title: turn.input.kind === 'chat' && !acquired.row.title ? titleFrom(turn.input.content) : undefined,
    });
    sessions.set(conversationId, committed.session);
    live.deliver(committed.events);
    live.markStored(live.lastSeq);
    await bus.publish(eventsChannel(conversationId), String(live.lastSeq)).catch(() => undefined);
    const saved = committed.messages.map(toApiMessage);
    observation?.end({ stopReason: result.stopReason, error: result.error });
    const fields = {
      conversationId,
      runId,
      toolCalls: result.metrics.toolCalls,
      elapsedMs: result.metrics.elapsedMs,
    };
    if (result.stopReason === 'error') logTurnFailure(logger, fields, turn.modelId, result);
    else logger.info({ ...fields, stopReason: result.stopReason }, 'turn saved');
    return {
      conversationId,
      runId,
      stopReason: result.stopReason,
      userMessage: acquired.userMessage && {
        ...toApiMessage(acquired.userMessage),
        ...(forgotten ? { unanswered: 'failed' as const } : {}),
      },
      messages: saved,
      assistantMessage: saved.filter((message) => message.role === 'assistant').at(-1) ?? null,
      pending,
      ...(result.error ? { error: result.error } : {}),
    };
  } catch (error) {
    sessions.delete(conversationId);
    const userMessage = acquired.userMessage && toApiMessage(acquired.userMessage);
    const unsaved = live.unstored();
    const notSaved = live.number({
      type: 'RUN_ERROR',
      message: `the turn could not be saved: ${(error as Error).message}`,
      code: 'not_saved',
      timestamp: Date.now(),
    });
    const state = await settleFailedCommit(deps, {
      conversationId,
      owner,
      runId,
      ...(closing.length > 0 ? { committedLastSeq: closing.at(-1)?.seq } : {}),
      events: [...unsaved, notSaved],
    });
    if (state === 'saved') {
      // The commit went through (its answer was lost): the turn is what it stored.
      live.deliver(closing);
      live.markStored(live.lastSeq);
      await bus.publish(eventsChannel(conversationId), String(live.lastSeq)).catch(() => undefined);
      const turnSaved = closing[0]?.event as { value?: { messages?: ApiMessage[] } } | undefined;
      const saved = turnSaved?.value?.messages ?? [];
      logger.warn({ err: error, conversationId, runId }, 'turn saved, though its commit reported an error');
      observation?.end({ stopReason: result.stopReason, error: result.error });
      return {
        conversationId,
        runId,
        stopReason: result.stopReason,
        userMessage,
        messages: saved,
        assistantMessage: saved.filter((message) => message.role === 'assistant').at(-1) ?? null,
        pending,
        ...(result.error ? { error: result.error } : {}),
      };
    }
    if (state === 'unknown') {
      const message = `the database did not confirm whether this turn was saved (${(error as Error).message}); GET /conversations/${conversationId}/messages shows its messages once it answers, and GET /conversations/${conversationId}/stream?after=${live.firstSeq - 1} replays turn_saved if it was saved or RUN_ERROR not_saved if not`;
      logger.error({ err: error, conversationId, runId }, 'turn outcome unknown');
      observation?.end({ stopReason: 'error', error: message });
      live.push({ type: 'RUN_ERROR', message, code: 'outcome_unknown', timestamp: Date.now() });
      return {
        conversationId,
        runId,
        stopReason: 'outcome_unknown',
        userMessage,
        messages: [],
        assistantMessage: null,
        pending: [],
        error: message,
      };
    }
    logger.error({ err: error, conversationId, runId }, 'turn not saved');
    const message = (notSaved.event as { message: string }).message;
    observation?.end({ stopReason: 'error', error: message });
    live.deliver([notSaved]);
    if (state === 'released') {
      live.markStored(notSaved.seq);
      await bus.publish(eventsChannel(conversationId), String(notSaved.seq)).catch(() => undefined);
    }
    return {
      conversationId,
      runId,
      stopReason: 'not_saved',
      // Marked in storage only when this gateway gave the conversation back (not when another took it).
      userMessage:
        userMessage && state === 'released' ? { ...userMessage, unanswered: 'not_saved' } : userMessage,
      messages: [],
      assistantMessage: null,
      pending: [],
      error: message,
    };
  }
}

/**
 * Looks for a failed commit's outcome (see {@link settleUnsavedTurn}) until it is found or
 * `outcomeCheckMs` has passed; then it is `unknown`, and looking goes on in the background (for
 * `leaseMs`) so that the conversation is given back once the database answers.
 */
async function settleFailedCommit(
  deps: SaveTurnDeps,
  turn: UnsavedTurn,
): Promise<UnsavedTurnState | 'unknown'> {
  const { db, logger, outcomeCheckMs, leaseMs } = deps;
  const attempt = () =>
    settleUnsavedTurn(db, turn).catch((error: unknown) => {
      logger.warn(
        { err: error, conversationId: turn.conversationId },
        'could not settle an unsaved turn yet',
      );
      return undefined;
    });
  const until = async (deadline: number): Promise<UnsavedTurnState | undefined> => {
    for (let wait = 100; ; wait = Math.min(wait * 2, 1_000)) {
      const state = await attempt();
      if (state || Date.now() + wait > deadline) return state;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  const state = await until(Date.now() + outcomeCheckMs);
  if (state) return state;
  void until(Date.now() + leaseMs);
  return 'unknown';
}

function savedEvent(
  messages: ApiMessage[],
  userMessage: MessageRow | undefined,
  stopReason: StopReason,
  pending: PendingCall[],
): StreamEvent {
  return {
    type: 'CUSTOM',
    name: 'turn_saved',
    value: {
      stop_reason: stopReason,
      ...(userMessage ? { user_message_id: userMessage.id } : {}),
      messages,
      pending,
    },
    timestamp: Date.now(),
  };
}

function titleFrom(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length <= 80 ? line : `${line.slice(0, 79)}…`;
}
