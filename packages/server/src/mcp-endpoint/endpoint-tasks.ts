import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type CallToolResult,
  type ClientCapabilities,
  fromJsonSchema,
  type InputRequiredResult,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from '@modelcontextprotocol/server';
import type { User } from '../auth/user.ts';
import type { GatewayBus } from '../bus/gateway-bus.ts';
import type { CallGate, GatePass } from '../calls/call-gate.ts';
import type { Queryable } from '../storage/database.ts';
import {
  changeEndpointTask,
  createEndpointTask,
  type EndpointTask,
  type EndpointTaskChange,
  getEndpointTask,
} from '../store/endpoint-task-store.ts';
import type { EndpointTool } from './endpoint-catalog.ts';
import type { EndpointCatalogs } from './endpoint-catalogs.ts';
import { checkedAnswers, namedQuestions } from './relayed-rounds.ts';
import { type RoundInput, type RoundOutcome, upstreamRound } from './upstream-round.ts';

/** The tasks extension (SEP-2663), as clients and servers name it in their capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** How long a call may run within its request before it becomes a task (ms). */
export const TASK_AFTER_MS = 500;
/** How long a task is kept after it was created (ms). */
const TASK_TTL_MS = 3_600_000;
/** How often clients are asked to poll a task (ms). */
const POLL_INTERVAL_MS = 1_000;
/** The bus channel on which a replica tells the others to stop a cancelled task's round (message: the task id). */
const CANCEL_CHANNEL = 'mcp-task-cancel';

const TaskIdParams = fromJsonSchema<{ taskId: string }>({
  type: 'object',
  properties: { taskId: { type: 'string' } },
  required: ['taskId'],
});

/** What the tasks need from the gateway. */
export interface EndpointTasksDeps {
  db: Queryable;
  bus: GatewayBus;
  calls: CallGate;
  catalogs: EndpointCatalogs;
  /** Told when storing what a task's round came to fails (the task then stays as it was). */
  onError: (error: unknown, taskId: string) => void;
}

/** What relaying a task's rounds keeps between them (stored with the task while it waits). */
interface TaskRelay {
  serverState?: string;
  asked: Record<string, string>;
  /** Answers given so far to this round's questions (a client may answer them one at a time). */
  answers: Record<string, unknown>;
  /** The person approved the call (the policy asks about it): later rounds are not asked again. */
  approved?: boolean;
}

/**
 * Tool calls `/mcp` runs as tasks (the tasks extension, SEP-2663) for 2026-07-28 clients that
 * declare it: a call to a 2026-07-28 server that has not ended within {@link TASK_AFTER_MS} becomes
 * a task (a call that ends sooner, or asks its first questions sooner, answers as before), stored
 * so that `tasks/get`, `tasks/update` and `tasks/cancel` work on every replica. The server's
 * questions while it runs make the task `input_required`; the answers (`tasks/update`, on any
 * replica) run its next round there. A cancelled task stays cancelled: its round is stopped where
 * it runs (told over the bus), and what it would have returned is dropped.
 */
export class EndpointTasks {
  readonly #deps: EndpointTasksDeps;
  /** The rounds of tasks running on this replica, to stop when their task is cancelled. */
  readonly #running = new Map<string, AbortController>();
  #listening?: Promise<unknown>;

  constructor(deps: EndpointTasksDeps) {
    this.#deps = deps;
  }

  /** Whether the client's request declares the tasks extension. */
  static declaredBy(client: ClientCapabilities | undefined): boolean {
    return (
      (client as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[TASKS_EXTENSION] !==
      undefined
    );
  }

  /**
   * Runs the first round of `tool`'s call: its outcome through `answer` when it comes within
   * {@link TASK_AFTER_MS}, else a task (stored first), which the round settles when it ends.
   */
  async runOrTask(
    call: {
      user: User;
      tool: EndpointTool;
      args: Record<string, unknown>;
      input: RoundInput;
      approved: boolean;
    },
    audit: GatePass['record'],
    answer: (outcome: RoundOutcome) => Promise<CallToolResult | InputRequiredResult>,
    listen: Pick<Parameters<typeof upstreamRound>[4], 'onProgress' | 'onLog'>,
  ): Promise<CallToolResult | InputRequiredResult | Record<string, unknown>> {
    const controller = new AbortController();
    let listening = true;
    const round = upstreamRound(call.user, call.tool, call.args, call.input, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (listening) listen.onProgress?.(progress);
      },
      onLog: (message, server) => {
        if (listening) listen.onLog?.(message, server);
      },
    });
    const waited = new AbortController();
    const late = delay(TASK_AFTER_MS, undefined, { signal: waited.signal }).catch(() => undefined);
    const soon = await Promise.race([round, late]);
    waited.abort();
    if (soon) return answer(soon);

    listening = false;
    await this.#listen();
    const task = await createEndpointTask(this.#deps.db, {
      id: randomUUID(),
      userId: call.user.id,
      tool: call.tool.name,
      arguments: call.args,
      clientCapabilities: call.input.clientCapabilities,
      ttlMs: TASK_TTL_MS,
    });
    this.#running.set(task.id, controller);
    void round
      .then((outcome) => this.#settle(task.id, call.tool, outcome, audit, call.approved))
      .catch((error) => this.#deps.onError(error, task.id));
    return { resultType: 'task', ...wireTask(task) };
  }

  /** Registers `tasks/get`, `tasks/update` and `tasks/cancel` for `user` on one request's server. */
  register(server: Server, user: User): void {
    const ownTask = async (taskId: string): Promise<EndpointTask> => {
      if (!EndpointTasks.declaredBy(server.getClientCapabilities())) {
        throw new MissingRequiredClientCapabilityError(
          { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
          `Tasks are part of the ${TASKS_EXTENSION} extension; declare it in the request's client capabilities.`,
        );
      }
      const task = await getEndpointTask(this.#deps.db, user.id, taskId);
      if (!task)
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Unknown task ${JSON.stringify(taskId.slice(0, 100))}: it is not one of yours, or it expired.`,
        );
      return task;
    };
    server.setRequestHandler('tasks/get', { params: TaskIdParams }, async ({ taskId }) =>
      detailedTask(await ownTask(taskId)),
    );
    server.setRequestHandler('tasks/update', { params: TaskIdParams }, async ({ taskId }, ctx) => {
      const task = await ownTask(taskId);
      await this.#answer(user, task, ctx.mcpReq.inputResponses);
      return {};
    });
    server.setRequestHandler('tasks/cancel', { params: TaskIdParams }, async ({ taskId }) => {
      const task = await ownTask(taskId);
      const cancelled = await changeEndpointTask(this.#deps.db, task.id, ['working', 'input_required'], {
        status: 'cancelled',
        statusMessage: 'cancelled by the client',
      });
      if (cancelled) {
        this.#running.get(task.id)?.abort(new Error('the task was cancelled'));
        await this.#deps.bus.publish(CANCEL_CHANNEL, task.id).catch(() => undefined);
      }
      return {};
    });
  }

  /**
   * The client's answers to a waiting task: kept until every question of the round is answered
   * (answers to keys not asked are ignored), then the next round runs on this replica.
   */
  async #answer(
    user: User,
    task: EndpointTask,
    responses: Record<string, unknown> | undefined,
  ): Promise<void> {
    if (task.status !== 'input_required' || !task.relay) return;
    const relay = task.relay as unknown as TaskRelay;
    const answers = { ...relay.answers, ...checkedAnswers(relay.asked, responses ?? {}) };
    const pending = Object.keys(relay.asked).filter((key) => !Object.hasOwn(answers, key));
    if (pending.length > 0) {
      const inputRequests = Object.fromEntries(
        Object.entries(task.inputRequests ?? {}).filter(([key]) => pending.includes(key)),
      );
      await changeEndpointTask(this.#deps.db, task.id, ['input_required'], {
        status: 'input_required',
        statusMessage: task.statusMessage ?? 'waiting for the client',
        inputRequests,
        relay: { ...relay, answers } as unknown as Record<string, unknown>,
      });
      return;
    }
    const tool = (await this.#deps.catalogs.get(user)).catalog.tools.get(task.tool);
    const resumed = await changeEndpointTask(this.#deps.db, task.id, ['input_required'], {
      status: 'working',
    });
    if (!resumed) return;
    if (!tool) {
      await this.#fail(
        task.id,
        `The tool ${task.tool} is no longer among your tools; the task cannot go on.`,
      );
      return;
    }
    const gate = await this.#deps.calls.admit({
      user,
      via: 'mcp',
      serverName: tool.serverName,
      tool: tool.tool,
    });
    const { verdict } = gate;
    if (
      verdict.action === 'rate_limited' ||
      verdict.action === 'deny' ||
      (verdict.action === 'ask' && !relay.approved)
    ) {
      const message =
        verdict.action === 'ask'
          ? `${verdict.subject} needs the person's approval again, which a task cannot ask; call the tool again.`
          : verdict.message;
      await this.#settle(task.id, tool, { kind: 'result', result: errorText(message) }, gate.record, false);
      return;
    }
    await this.#listen();
    const controller = new AbortController();
    this.#running.set(task.id, controller);
    const input: RoundInput = {
      inputResponses: answers as RoundInput['inputResponses'],
      ...(relay.serverState !== undefined ? { serverState: relay.serverState } : {}),
      clientCapabilities: task.clientCapabilities,
    };
    void upstreamRound(user, tool, task.arguments, input, { signal: controller.signal })
      .then((outcome) => this.#settle(task.id, tool, outcome, gate.record, relay.approved === true))
      .catch((error) => this.#deps.onError(error, task.id));
  }

  /** Stores what a task's round came to, unless the task was cancelled meanwhile; audits a call that ended. */
  async #settle(
    id: string,
    tool: EndpointTool,
    outcome: RoundOutcome,
    audit: GatePass['record'],
    approved: boolean,
  ): Promise<void> {
    this.#running.delete(id);
    let change: EndpointTaskChange;
    if (outcome.kind === 'result') {
      const { result } = outcome;
      change = { status: 'completed', result: result as unknown as Record<string, unknown> };
      await audit(result.isError ? 'tool_error' : 'ok', result.isError ? textOf(result) : undefined);
    } else if (outcome.kind === 'input') {
      const { inputRequests, asked } = namedQuestions(tool.serverName, outcome.input);
      const relay: TaskRelay = {
        asked,
        answers: {},
        ...(outcome.input.requestState !== undefined ? { serverState: outcome.input.requestState } : {}),
        ...(approved ? { approved } : {}),
      };
      change = {
        status: 'input_required',
        statusMessage: `the MCP server ${JSON.stringify(tool.serverName)} asks the client`,
        inputRequests: inputRequests as Record<string, unknown>,
        relay: relay as unknown as Record<string, unknown>,
      };
    } else {
      const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      await audit('failed', message);
      change = {
        status: 'failed',
        statusMessage: message,
        error: outcome.protocol ?? { code: ProtocolErrorCode.InternalError, message },
      };
    }
    await changeEndpointTask(this.#deps.db, id, ['working'], change);
  }

  async #fail(id: string, message: string): Promise<void> {
    await changeEndpointTask(this.#deps.db, id, ['working'], {
      status: 'failed',
      statusMessage: message,
      error: { code: ProtocolErrorCode.InternalError, message },
    });
  }

  /** Listens (once) for tasks cancelled on other replicas, to stop their rounds running here. */
  #listen(): Promise<unknown> {
    this.#listening ??= this.#deps.bus
      .subscribe(CANCEL_CHANNEL, (id) => this.#running.get(id)?.abort(new Error('the task was cancelled')))
      .catch(() => undefined);
    return this.#listening;
  }
}

/** A task as the wire shows it (SEP-2663): its id, status and times, with no result or questions. */
function wireTask(task: EndpointTask): Record<string, unknown> {
  return {
    taskId: task.id,
    status: task.status,
    ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: TASK_TTL_MS,
    pollIntervalMs: POLL_INTERVAL_MS,
  };
}

/** A task as `tasks/get` answers: with its questions, its result or its error, as its status carries. */
function detailedTask(task: EndpointTask): Record<string, unknown> {
  return {
    ...wireTask(task),
    ...(task.status === 'input_required' ? { inputRequests: task.inputRequests ?? {} } : {}),
    ...(task.status === 'completed' ? { result: task.result ?? { content: [] } } : {}),
    ...(task.status === 'failed' ? { error: task.error } : {}),
  };
}

function errorText(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function textOf(result: CallToolResult): string {
  return result.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .slice(0, 2000);
}
