import {
  type AgentEvent,
  type AgentResult,
  AgentSession,
  type ResumeError,
  type ToolCallDenial,
  type ToolCatalog,
} from '@switchboard/core';
import type { Logger } from 'pino';
import type { User } from '../auth/user.ts';
import type { GatewayBus } from '../bus/gateway-bus.ts';
import type { PendingQuestions, QuestionSet } from '../calls/pending-questions.ts';
import { logModelRetry } from '../observability/log-model-retry.ts';
import type { TurnObserver } from '../observability/turn-observer.ts';
import type { Database } from '../storage/database.ts';
import { type AcquiredTurn, acquireConversation } from '../store/acquire-conversation.ts';
import { releaseConversation } from '../store/conversation-lease.ts';
import { toApiMessage } from '../store/message-store.ts';
import { newId } from '../store/new-id.ts';
import type { StreamEvent } from '../store/stream-event.ts';
import { asCaller } from '../upstream/caller-identity.ts';
import { authorizationNotice } from './authorization-notice.ts';
import { applyInteractionAnswer, type InteractionAnswer } from './interaction-answer.ts';
import { LeaseHeartbeat } from './lease-heartbeat.ts';
import { LiveRun } from './live-run.ts';
import { type FinishedTurn, saveTurn } from './save-turn.ts';
import { SessionCache } from './session-cache.ts';
import { type StartedAgentRun, startAgentRun } from './start-agent-run.ts';
import { stepUpNotices } from './step-up-notice.ts';
import { StreamFlusher } from './stream-flusher.ts';
import { createTurnAppPresenter } from './turn-app-presenter.ts';
import { declinedCalls, type ResumeDecision, resumeDecisions } from './turn-approvals.ts';
import { TurnNotStartedError } from './turn-not-started-error.ts';
import { prepareTurn, type TurnSetup, type TurnSetupDeps } from './turn-setup.ts';
import type { ActiveTurn, TurnInput, TurnOutcome } from './turn-types.ts';
import { unavailableNotice } from './unavailable-notice.ts';
import { UnknownModelError } from './unknown-model-error.ts';

/** What the runner needs. */
export interface TurnRunnerOptions {
  db: Database;
  bus: GatewayBus;
  /** Records the questions servers ask during turns, so that an answer on any replica reaches the turn. */
  questions: PendingQuestions;
  setup: TurnSetupDeps;
  /** This gateway instance (lease holder). */
  instanceId: string;
  /** Lease length; renewed every third of it while the turn runs. */
  leaseMs: number;
  /** Stream events are stored (and announced to other replicas) this often while a turn runs. */
  flushMs: number;
  /** How long a failed commit's outcome is looked for before the turn is reported `outcome_unknown` (ms). */
  outcomeCheckMs: number;
  logger: Logger;
  observer?: TurnObserver;
}

/**
 * Runs turns: leases the conversation, acknowledges the user's message, runs core's agent loop
 * with the conversation's tools and session, streams its events (numbered, stored every
 * `flushMs`) with the MCP Apps its tool calls show, renews the lease and watches for stop
 * requests, then commits the whole turn at once.
 */
export class TurnRunner {
  readonly #options: TurnRunnerOptions;
  readonly #active = new Map<string, ActiveTurn>();
  readonly #sessions = new SessionCache();

  constructor(options: TurnRunnerOptions) {
    this.#options = options;
  }

  /** The turn running here for a conversation. */
  active(conversationId: string): ActiveTurn | undefined {
    return this.#active.get(conversationId);
  }

  /** Every turn running here. */
  get running(): ActiveTurn[] {
    return [...this.#active.values()];
  }

  /**
   * Starts a turn; resolves once the conversation is leased, the user's message stored and the loop
   * started (or, for a resume, the answers accepted). Rejects otherwise: with the store's error when the
   * conversation cannot be leased (e.g. `TurnAlreadyRunningError`), core's `ResumeError` for a resume
   * it refuses, an {@link UnknownModelError} when the conversation names a model the operator does not
   * offer (nothing is sent anywhere), or a {@link TurnNotStartedError}. `runId` names the run (a
   * request's idempotency key holds it before the run starts).
   */
  async start(
    user: User,
    conversationId: string,
    input: TurnInput,
    runId: string = newId('run'),
  ): Promise<ActiveTurn> {
    const { db, instanceId, leaseMs } = this.#options;
    const acquired = await acquireConversation(db, {
      conversationId,
      userId: user.id,
      owner: instanceId,
      runId,
      leaseMs,
      kind: input.kind,
      content: input.kind === 'chat' ? input.content : undefined,
      clientTools: input.kind === 'chat' ? input.clientTools : undefined,
      maxSessionToolTurns: this.#options.setup.limits.toolTurnsPerSession,
      cached: this.#sessions.get(conversationId),
    });
    const live = new LiveRun({ conversationId, runId, firstSeq: acquired.firstSeq, stored: acquired.stored });
    const release = async (error: ResumeError | TurnNotStartedError | UnknownModelError) => {
      await releaseConversation(
        db,
        { conversationId, owner: instanceId, runId, status: acquired.previousStatus, seq: live.lastSeq + 1 },
        { type: 'RUN_ERROR', message: error.message, code: error.code, timestamp: Date.now() },
      ).catch((cause) =>
        this.#options.logger.error({ err: cause, conversationId }, 'could not release a conversation'),
      );
      if (
        acquired.userMessage &&
        (error instanceof TurnNotStartedError || error instanceof UnknownModelError)
      )
        error.userMessage = { ...toApiMessage(acquired.userMessage), unanswered: 'failed' };
      return error;
    };

    let setup: TurnSetup;
    try {
      setup = await prepareTurn(this.#options.setup, user, acquired.row);
    } catch (error) {
      throw await release(
        error instanceof UnknownModelError
          ? error
          : new TurnNotStartedError(
              'turn_setup_failed',
              `the turn could not start: ${(error as Error).message}`,
            ),
      );
    }
    // The row's session was parsed for this turn alone: the loop may work on it as it is.
    const session = new AgentSession(acquired.row.session);
    const startLength = session.messages.length;
    const toolNames = new Map((session.suspended?.blocks ?? []).map((block) => [block.id, block.name]));
    // Read before the loop resumes: it takes the suspended calls off the session.
    const decisions = resumeDecisions(input, session);
    const controller = new AbortController();
    // The loop's calls to the shipped servers are made for this user (see asCaller).
    const started = await asCaller(user.id, () =>
      startAgentRun(input, { ...setup.options, session, signal: controller.signal }),
    );
    if ('failure' in started) throw await release(started.failure);
    const catalog = setup.options.catalog as ToolCatalog;
    // The audit trail keeps the calls the person declined (the loop answers them without running them).
    for (const declined of declinedCalls(decisions, catalog))
      await this.#options.setup.calls.record(
        { user, via: 'chat', serverName: declined.serverName, tool: { name: declined.tool } },
        'declined',
        'the person did not approve the call',
      );

    const turn: ActiveTurn = {
      conversationId,
      runId,
      live,
      userMessage: acquired.userMessage && toApiMessage(acquired.userMessage),
      stop: () => controller.abort(new Error('stopped by the user')),
      answer: (requestId, answer) => applyInteractionAnswer(started.run.interactions, requestId, answer),
      done: Promise.resolve() as unknown as Promise<TurnOutcome>,
    };
    const questions = this.#options.questions.open({ userId: user.id, conversationId }, (requestId, answer) =>
      turn.answer(requestId, answer as InteractionAnswer),
    );
    turn.done = this.#drive({
      user,
      questions,
      acquired,
      input,
      live,
      started,
      controller,
      startLength,
      toolNames,
      catalog,
      clients: setup.clients,
      notices: [
        ...setup.needsAuthorization.map(authorizationNotice),
        ...setup.unavailable.map(unavailableNotice),
      ],
      modelId: setup.model.id,
      stepUp: stepUpNotices(setup.connected),
      decisions,
    }).finally(() => {
      this.#active.delete(conversationId);
      live.end();
    });
    this.#active.set(conversationId, turn);
    return turn;
  }

  async #drive(turn: DriveInput): Promise<TurnOutcome> {
    const { db, bus, instanceId, leaseMs, flushMs, logger } = this.#options;
    const { live, controller, started } = turn;
    const conversationId = live.conversationId;
    const runId = live.runId;
    const observation = this.#options.observer?.startTurn({
      conversationId,
      runId,
      model: turn.modelId,
      userId: turn.user.id,
    });
    const held: StreamEvent[] = [];
    const canvas: FinishedTurn['canvas'] = [];
    const flusher = new StreamFlusher({ db, bus, live, flushMs, logger });
    const heartbeat = new LeaseHeartbeat({
      db,
      conversationId,
      owner: instanceId,
      runId,
      leaseMs,
      controller,
    });

    const apps = createTurnAppPresenter({
      catalog: turn.catalog,
      clients: turn.clients,
      signal: controller.signal,
      emit: (event) => accept(event),
      logger,
      conversationId,
    });
    /** A call to one of the turn's MCP servers that the policy denied goes to the audit trail. */
    const auditDenial = (denial: ToolCallDenial) => {
      if (!turn.clients.has(denial.server)) return;
      void this.#options.setup.calls
        .record(
          { user: turn.user, via: 'chat', serverName: denial.server, tool: { name: denial.tool } },
          'denied',
          'the approval policy denies the call',
        )
        .catch((error: unknown) => logger.warn({ err: error }, 'could not audit a denied call'));
    };
    const accept = (event: AgentEvent) => {
      observation?.event(event);
      if (event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR') {
        held.push(event);
        return;
      }
      if (event.type === 'CUSTOM' && (event.name === 'widget' || event.name === 'canvas')) {
        canvas.push({ kind: event.name, payload: event.value });
      }
      if (event.type === 'CUSTOM' && event.name === 'tool_call_denied') auditDenial(event.value);
      logModelRetry(logger, { conversationId, runId, userId: turn.user.id }, turn.modelId, event);
      live.push(event);
      const stepUp = turn.stepUp(event);
      if (stepUp) live.push(stepUp);
      apps.observe(event);
    };

    let result: AgentResult;
    try {
      await noteQuestion(turn.questions, started.first);
      accept(started.first);
      for (const notice of turn.notices) live.push(notice);
      for (let next = await started.events.next(); !next.done; next = await started.events.next()) {
        // A server's question is recorded before the person sees it, so any replica takes the answer.
        await noteQuestion(turn.questions, next.value);
        accept(next.value);
      }
      result = await started.run.result;
      await apps.settled();
    } finally {
      flusher.stop();
      heartbeat.stop();
      await turn.questions.close();
    }
    await flusher.idle();

    return saveTurn(
      {
        db,
        bus,
        owner: instanceId,
        logger,
        observation,
        sessions: this.#sessions,
        historyChars: this.#options.setup.limits.historyChars,
        outcomeCheckMs: this.#options.outcomeCheckMs,
        leaseMs,
      },
      {
        userId: turn.user.id,
        modelId: turn.modelId,
        input: turn.input,
        acquired: turn.acquired,
        live,
        catalog: turn.catalog,
        startLength: turn.startLength,
        toolNames: turn.toolNames,
        decisions: turn.decisions,
        result,
        held,
        canvas,
        leaseLost: heartbeat.lost,
      },
    );
  }
}

/** Records a server's question the event shows (or settles one it resolves) in the turn's set. */
async function noteQuestion(questions: QuestionSet, event: AgentEvent): Promise<void> {
  if (event.type !== 'CUSTOM') return;
  const value = event.value as { requestId?: string; expiresAt?: number; needsApproval?: boolean };
  if (typeof value?.requestId !== 'string') return;
  const asks =
    event.name === 'elicitation_request' ||
    (event.name === 'sampling_request' && value.needsApproval === true);
  if (asks && typeof value.expiresAt === 'number') await questions.ask(value.requestId, value.expiresAt);
  if (event.name === 'elicitation_resolved' || event.name === 'sampling_resolved')
    await questions.settle(value.requestId);
}

interface DriveInput {
  user: User;
  /** The questions its servers ask, answerable on any replica. */
  questions: QuestionSet;
  clients: TurnSetup['clients'];
  /** Events that follow the first one (servers the user must connect first). */
  notices: StreamEvent[];
  acquired: AcquiredTurn;
  input: TurnInput;
  live: LiveRun;
  started: StartedAgentRun;
  controller: AbortController;
  startLength: number;
  toolNames: Map<string, string>;
  catalog: ToolCatalog;
  modelId: string;
  /** The Connect notice of a call a connected server refused for lack of authorization. */
  stepUp: (event: AgentEvent) => StreamEvent | undefined;
  decisions: ResumeDecision[];
}
