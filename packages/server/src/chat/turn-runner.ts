import {
  type AgentEvent,
  type AgentResult,
  type AgentRun,
  AgentSession,
  type ApprovalPolicy,
  ResumeError,
  resumeAgentLoop,
  runAgentLoop,
  type StopReason,
  type ToolCatalog,
  type ToolUseBlock,
} from '@switchboard/core';
import type { Logger } from 'pino';
import type { User } from '../auth/user.ts';
import { eventsChannel, type GatewayBus } from '../coordination/gateway-bus.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiMessage } from '../messages/api-message.ts';
import { toApiMessages } from '../messages/to-api-messages.ts';
import type { TurnObserver } from '../observability/turn-observer.ts';
import type { Database } from '../storage/database.ts';
import type { ClientToolDeclaration, PendingCall } from '../store/conversation.ts';
import { type MessageRow, toApiMessage } from '../store/message-store.ts';
import { newId } from '../store/new-id.ts';
import { insertStreamEvents } from '../store/stream-event-store.ts';
import { type AcquiredTurn, acquireConversation } from './acquire-conversation.ts';
import { type ApprovalDecision, type ApprovalRequest, commitTurn, LeaseLostError } from './commit-turn.ts';
import { releaseConversation, renewLease, statusOf } from './conversation-lease.ts';
import { LiveRun } from './live-run.ts';
import type { StreamEvent } from './stream-event.ts';
import { createTurnAppPresenter } from './turn-app-presenter.ts';
import { prepareTurn, type TurnSetupDeps } from './turn-setup.ts';

/** What a turn does: answer a new user message, or resume a suspended step. */
export type TurnInput =
  | { kind: 'chat'; content: string; clientTools?: ClientToolDeclaration[] }
  | {
      kind: 'resume';
      toolResults?: Array<{ toolCallId: string; content: string; isError?: boolean }>;
      approvals?: Array<{ toolCallId: string; decision: 'approve' | 'deny'; remember?: boolean }>;
    };

/** How a turn ended. */
export interface TurnOutcome {
  conversationId: string;
  runId: string;
  /** core's stop reason, or `not_saved` when the commit failed. */
  stopReason: StopReason | 'not_saved';
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
}

/** What the runner needs. */
export interface TurnRunnerOptions {
  db: Database;
  bus: GatewayBus;
  setup: TurnSetupDeps;
  /** This gateway instance (lease holder). */
  instanceId: string;
  /** Lease length; renewed every third of it while the turn runs. */
  leaseMs: number;
  /** Stream events are stored (and announced to other replicas) this often while a turn runs. */
  flushMs: number;
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
   * started (or, for a resume, the answers accepted). Rejects with an {@link ApiError} otherwise.
   */
  async start(user: User, conversationId: string, input: TurnInput): Promise<ActiveTurn> {
    const runId = newId('run');
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
    });
    const live = new LiveRun({ conversationId, runId, firstSeq: acquired.firstSeq, stored: acquired.stored });
    const release = async (error: ApiError) => {
      await releaseConversation(
        db,
        { conversationId, owner: instanceId, runId, status: acquired.previousStatus, seq: live.lastSeq + 1 },
        { type: 'RUN_ERROR', message: error.message, code: error.code, timestamp: Date.now() },
      ).catch((cause) =>
        this.#options.logger.error({ err: cause, conversationId }, 'could not release a conversation'),
      );
      return error;
    };

    let setup: Awaited<ReturnType<typeof prepareTurn>>;
    try {
      setup = await prepareTurn(this.#options.setup, user, acquired.row);
    } catch (error) {
      throw await release(
        new ApiError(500, 'turn_setup_failed', `the turn could not start: ${(error as Error).message}`),
      );
    }
    const session = AgentSession.fromJSON(acquired.row.session);
    const startLength = session.messages.length;
    const toolNames = new Map((session.suspended?.blocks ?? []).map((block) => [block.id, block.name]));
    const controller = new AbortController();
    const options = { ...setup.options, session, signal: controller.signal };
    const run: AgentRun<AgentResult> =
      input.kind === 'chat'
        ? runAgentLoop(input.content, options)
        : resumeAgentLoop({ toolResults: input.toolResults, approvals: input.approvals }, options);
    const events = run[Symbol.asyncIterator]();
    const first = await events.next();
    if (first.done) {
      const failure = await run.result.then(
        () => new ApiError(500, 'turn_failed', 'the turn ended before it started'),
        (error: unknown) => toApiError(error),
      );
      throw await release(failure);
    }
    const decisions = input.kind === 'resume' ? (input.approvals ?? []) : [];
    const pendingBefore = session.suspended?.pending ?? [];

    const turn: ActiveTurn = {
      conversationId,
      runId,
      live,
      userMessage: acquired.userMessage && toApiMessage(acquired.userMessage),
      stop: () => controller.abort(new Error('stopped by the user')),
      done: Promise.resolve() as unknown as Promise<TurnOutcome>,
    };
    turn.done = this.#drive({
      user,
      acquired,
      input,
      live,
      run,
      first: first.value,
      events,
      controller,
      startLength,
      toolNames,
      catalog: setup.options.catalog as ToolCatalog,
      modelId: setup.model.id,
      decisions: decisions.map((decision) => ({
        decision,
        block: pendingBefore.find((call) => call.block.id === decision.toolCallId)?.block,
      })),
    }).finally(() => {
      this.#active.delete(conversationId);
      live.end();
    });
    this.#active.set(conversationId, turn);
    return turn;
  }

  async #drive(turn: DriveInput): Promise<TurnOutcome> {
    const { db, bus, instanceId, leaseMs, flushMs, logger } = this.#options;
    const { live, acquired, controller } = turn;
    const conversationId = live.conversationId;
    const runId = live.runId;
    const observation = this.#options.observer?.startTurn({
      conversationId,
      runId,
      model: turn.modelId,
      userId: turn.user.id,
    });
    const held: StreamEvent[] = [];
    const canvas: Array<{ kind: 'widget' | 'canvas'; payload: unknown }> = [];
    let flushing: Promise<void> = Promise.resolve();
    const flush = () => {
      flushing = flushing.then(async () => {
        const pending = live.unstored();
        if (pending.length === 0) return;
        try {
          await insertStreamEvents(db, conversationId, runId, pending);
          const last = pending[pending.length - 1].seq;
          live.markStored(last);
          await bus.publish(eventsChannel(conversationId), String(last)).catch(() => undefined);
        } catch (error) {
          logger.warn({ err: error, conversationId }, 'could not store stream events; retrying');
        }
      });
      return flushing;
    };
    const flusher = setInterval(flush, flushMs);
    let leaseLost = false;
    const heartbeat = setInterval(
      async () => {
        const state = await renewLease(db, { conversationId, owner: instanceId, runId, leaseMs }).catch(
          () => 'ok' as const,
        );
        if (state === 'stop') controller.abort(new Error('stopped by the user'));
        if (state === 'lost') {
          leaseLost = true;
          controller.abort(new Error('the conversation lease was lost'));
        }
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    flusher.unref();
    heartbeat.unref();

    const apps = createTurnAppPresenter({
      catalog: turn.catalog,
      clients: this.#options.setup.registry.clients,
      signal: controller.signal,
      emit: (event) => accept(event),
      logger,
      conversationId,
    });
    const accept = (event: AgentEvent) => {
      observation?.event(event);
      if (event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR') {
        held.push(event);
        return;
      }
      if (event.type === 'CUSTOM' && (event.name === 'widget' || event.name === 'canvas')) {
        canvas.push({ kind: event.name, payload: event.value });
      }
      live.push(event);
      apps.observe(event);
    };

    let result: AgentResult;
    try {
      accept(turn.first);
      for (let next = await turn.events.next(); !next.done; next = await turn.events.next())
        accept(next.value);
      result = await turn.run.result;
      await apps.settled();
    } finally {
      clearInterval(flusher);
      clearInterval(heartbeat);
    }
    await flushing;

    const session = result.session;
    const drafts = toApiMessages(session.messages.slice(turn.startLength), turn.toolNames);
    if (turn.input.kind === 'chat') {
      const index = drafts.findIndex((draft) => draft.role === 'user');
      if (index >= 0) drafts.splice(index, 1);
    }
    const pending = result.pending.map((call) => pendingCall(call.block, call.reason, turn.catalog));
    const remembered = rememberedPolicy(acquired.row.approval_policy, turn.decisions, turn.catalog);
    try {
      if (leaseLost) throw new LeaseLostError('the conversation lease was lost while the turn ran');
      const { messages, events: closing } = await commitTurn(db, {
        conversationId,
        owner: instanceId,
        runId,
        session: session.toJSON(),
        status: statusOf(session.toJSON()),
        pending,
        messages: drafts,
        events: live.unstored(),
        closingEvents: (rows) => [
          live.number(savedEvent(rows, turn.acquired.userMessage, result.stopReason, pending)),
          ...held.map((event) => live.number(event)),
        ],
        canvas,
        approvalRequests:
          result.stopReason === 'awaiting_approval' ? approvalRequests(result, turn.catalog) : [],
        approvalDecisions: turn.decisions.map(({ decision }) => ({
          call_id: decision.toolCallId,
          status: decision.decision === 'approve' ? 'approved' : 'denied',
          remember: decision.remember ?? false,
        })) satisfies ApprovalDecision[],
        approvalPolicy: remembered,
        usage: {
          userId: turn.user.id,
          model: turn.modelId,
          stopReason: result.stopReason,
          inputTokens: result.metrics.usage.inputTokens,
          outputTokens: result.metrics.usage.outputTokens,
          modelCalls: result.metrics.modelCalls,
          toolCalls: result.metrics.toolCalls,
          elapsedMs: result.metrics.elapsedMs,
        },
        title: turn.input.kind === 'chat' && !acquired.row.title ? titleFrom(turn.input.content) : undefined,
      });
      live.deliver(closing);
      live.markStored(live.lastSeq);
      await bus.publish(eventsChannel(conversationId), String(live.lastSeq)).catch(() => undefined);
      const saved = messages.map(toApiMessage);
      observation?.end({ stopReason: result.stopReason, error: result.error });
      logger.info(
        {
          conversationId,
          runId,
          stopReason: result.stopReason,
          toolCalls: result.metrics.toolCalls,
          elapsedMs: result.metrics.elapsedMs,
        },
        'turn saved',
      );
      return {
        conversationId,
        runId,
        stopReason: result.stopReason,
        userMessage: turn.acquired.userMessage && toApiMessage(turn.acquired.userMessage),
        messages: saved,
        assistantMessage: saved.filter((message) => message.role === 'assistant').at(-1) ?? null,
        pending,
        ...(result.error ? { error: result.error } : {}),
      };
    } catch (error) {
      const message = `the turn could not be saved: ${(error as Error).message}`;
      logger.error({ err: error, conversationId, runId }, 'turn not saved');
      observation?.end({ stopReason: 'error', error: message });
      live.push({ type: 'RUN_ERROR', message, code: 'not_saved', timestamp: Date.now() });
      return {
        conversationId,
        runId,
        stopReason: 'not_saved',
        userMessage: turn.acquired.userMessage && toApiMessage(turn.acquired.userMessage),
        messages: [],
        assistantMessage: null,
        pending: [],
        error: message,
      };
    }
  }
}

interface DriveInput {
  user: User;
  acquired: AcquiredTurn;
  input: TurnInput;
  live: LiveRun;
  run: AgentRun<AgentResult>;
  first: AgentEvent;
  events: AsyncIterator<AgentEvent>;
  controller: AbortController;
  startLength: number;
  toolNames: Map<string, string>;
  catalog: ToolCatalog;
  modelId: string;
  decisions: Array<{
    decision: NonNullable<Extract<TurnInput, { kind: 'resume' }>['approvals']>[number];
    block?: ToolUseBlock;
  }>;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ResumeError) {
    const status = error.code === 'unknown_call' ? 404 : error.code === 'wrong_kind' ? 400 : 409;
    return new ApiError(status, error.code, error.message);
  }
  return new ApiError(500, 'turn_failed', error instanceof Error ? error.message : String(error));
}

function pendingCall(block: ToolUseBlock, reason: PendingCall['reason'], catalog: ToolCatalog): PendingCall {
  const parsed = catalog.parse(catalog.resolveAlias(block.name));
  return {
    call_id: block.id,
    name: block.name,
    ...(parsed?.kind === 'tool' ? { tool: parsed.toolName, server: parsed.server } : {}),
    input: block.input,
    reason,
  };
}

function approvalRequests(result: AgentResult, catalog: ToolCatalog): ApprovalRequest[] {
  return result.pending
    .filter((call) => call.reason === 'approval')
    .map(({ block }) => {
      const parsed = catalog.parse(catalog.resolveAlias(block.name));
      return {
        call_id: block.id,
        tool_name: block.name,
        ...(parsed?.kind === 'tool' ? { server: parsed.server, tool: parsed.toolName } : {}),
        input: block.input,
      };
    });
}

/** The conversation's policy with a rule for each remembered decision (newest rules first). */
function rememberedPolicy(
  current: ApprovalPolicy | null,
  decisions: DriveInput['decisions'],
  catalog: ToolCatalog,
): ApprovalPolicy | undefined {
  const rules = decisions.flatMap(({ decision, block }) => {
    if (!decision.remember || !block) return [];
    const parsed = catalog.parse(catalog.resolveAlias(block.name));
    if (parsed?.kind !== 'tool') return [];
    return [
      {
        match: `${parsed.server}:${parsed.toolName}`,
        action: decision.decision === 'approve' ? ('allow' as const) : ('deny' as const),
      },
    ];
  });
  if (rules.length === 0) return undefined;
  const kept = (current?.rules ?? []).filter((rule) => !rules.some((added) => added.match === rule.match));
  return { ...(current ?? {}), rules: [...rules, ...kept] };
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
