import {
  type Client,
  type ClientCapabilities,
  type CreateTaskResult,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type Result,
  type StandardSchemaV1,
  type Task,
  type TaskStatus,
} from '@modelcontextprotocol/client';
import { isTerminalTaskStatus } from './task-status.ts';

/** The server requests a client may run as tasks (MCP 2025-11-25 `capabilities.tasks.requests`). */
export type TaskRequestKind = 'elicitation' | 'sampling';

/** How many tasks, and for how long, a server may keep on one connection. */
export interface ReceivedTaskLimits {
  /**
   * Tasks kept at once, running or finished. At the cap the oldest finished task is dropped to make
   * room; when every kept task still runs, the server's request is refused.
   */
  maxTasks: number;
  /** The lifetime of a task whose server asked for none (ms from creation). */
  defaultTtlMs: number;
  /** The longest lifetime a server may ask for (ms from creation); a longer `ttl` is cut to it. */
  maxTtlMs: number;
  /** The poll interval suggested to the server (ms). */
  pollIntervalMs: number;
}

/** The limits of a connection: a person may take minutes to answer, and a server cannot keep more than 32 tasks. */
export const RECEIVED_TASK_LIMITS: ReceivedTaskLimits = {
  maxTasks: 32,
  defaultTtlMs: 10 * 60_000,
  maxTtlMs: 30 * 60_000,
  pollIntervalMs: 1_000,
};

/** One task: its state as the server sees it, and how its work ends. */
interface Entry {
  task: Task;
  /** Aborts the work (the person's form is withdrawn): `tasks/cancel`, the TTL passed, the connection closed. */
  controller: AbortController;
  /** Settles with the answer once the task ended (rejects when it failed, was cancelled or dropped). */
  outcome: Promise<Result>;
  settle: (outcome: { result: Result } | { error: unknown }) => void;
  expiry: ReturnType<typeof setTimeout>;
}

/** `{ taskId }`, the params of `tasks/get`, `tasks/result` and `tasks/cancel`. */
const TASK_ID_PARAMS: StandardSchemaV1<unknown, { taskId: string }> = {
  '~standard': {
    version: 1,
    vendor: 'switchboard',
    validate: (value) => {
      const taskId = (value as { taskId?: unknown } | undefined)?.taskId;
      return typeof taskId === 'string'
        ? { value: { taskId } }
        : { issues: [{ message: 'taskId must be a string', path: ['taskId'] }] };
    },
  },
};

/** Any params (`tasks/list`: every task fits in one page, so its cursor is never needed). */
const ANY_PARAMS: StandardSchemaV1<unknown, unknown> = {
  '~standard': { version: 1, vendor: 'switchboard', validate: (value) => ({ value }) },
};

/** True when a server's request asks to run as a task (a `task` in its params). */
export function isTaskAugmented(request: { params?: unknown }): boolean {
  const params = request.params;
  return typeof params === 'object' && params !== null && 'task' in params;
}

/** The `tasks` capability of a client that runs these kinds of server requests as tasks (none: undefined). */
export function receivedTasksCapability(kinds: readonly TaskRequestKind[]): ClientCapabilities['tasks'] {
  if (kinds.length === 0) return undefined;
  return {
    list: {},
    cancel: {},
    requests: {
      ...(kinds.includes('elicitation') ? { elicitation: { create: {} } } : {}),
      ...(kinds.includes('sampling') ? { sampling: { createMessage: {} } } : {}),
    },
  };
}

/**
 * The tasks a server asked this client to run (MCP 2025-11-25, experimental): an `elicitation/create`
 * or `sampling/createMessage` with a `task` parameter is answered at once with the task, while its
 * answer is worked out; the server follows it with `tasks/get`, fetches the answer with
 * `tasks/result` (which waits for it), and may `tasks/cancel` or `tasks/list` them. Each change of
 * status is announced (`notifications/tasks/status`).
 *
 * A task lives for its TTL (the server's, up to {@link ReceivedTaskLimits.maxTtlMs}), then it is
 * dropped and its work, if still running, abandoned; at most {@link ReceivedTaskLimits.maxTasks}
 * are kept, so a server cannot fill the client's memory.
 */
export class ReceivedTasks {
  readonly #tasks = new Map<string, Entry>();
  readonly #announce: (task: Task) => void;
  readonly #limits: ReceivedTaskLimits;

  /** `announce` sends a task's new status to the server. */
  constructor(announce: (task: Task) => void, limits: ReceivedTaskLimits = RECEIVED_TASK_LIMITS) {
    this.#announce = announce;
    this.#limits = limits;
  }

  /** Answers the server's `tasks/get`, `tasks/result`, `tasks/cancel` and `tasks/list` on `client`. */
  register(client: Client): void {
    // The SDK types leave out the 2025-11-25 task methods; its custom-method path takes them.
    client.setRequestHandler('tasks/get', { params: TASK_ID_PARAMS }, ({ taskId }) => this.get(taskId));
    client.setRequestHandler('tasks/result', { params: TASK_ID_PARAMS }, ({ taskId }, ctx) =>
      this.result(taskId, ctx.mcpReq.signal),
    );
    client.setRequestHandler('tasks/cancel', { params: TASK_ID_PARAMS }, ({ taskId }) => this.cancel(taskId));
    client.setRequestHandler('tasks/list', { params: ANY_PARAMS }, () => this.list());
  }

  /**
   * Starts `work` as a task and returns it: `input_required` while a person answers (elicitation),
   * else `working`. `ttl` is the lifetime the server asked for. Refuses (an error for the server)
   * when the connection keeps as many tasks as it may and none of them has ended.
   */
  create(
    kind: TaskRequestKind,
    ttl: number | undefined,
    work: (signal: AbortSignal) => Promise<Result>,
  ): CreateTaskResult {
    this.#makeRoom();
    const { defaultTtlMs, maxTtlMs, pollIntervalMs } = this.#limits;
    const lifetime = Math.min(ttl ?? defaultTtlMs, maxTtlMs);
    const now = new Date().toISOString();
    const task: Task = {
      taskId: crypto.randomUUID(),
      status: kind === 'elicitation' ? 'input_required' : 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttl: lifetime,
      pollInterval: pollIntervalMs,
    };
    let settle: Entry['settle'] = () => {};
    const outcome = new Promise<Result>((resolve, reject) => {
      settle = (ended) => ('result' in ended ? resolve(ended.result) : reject(ended.error));
    });
    outcome.catch(() => undefined);
    const expiry = setTimeout(() => this.#drop(task.taskId, 'its time to live passed'), lifetime);
    expiry.unref?.();
    const entry: Entry = { task, controller: new AbortController(), outcome, settle, expiry };
    this.#tasks.set(task.taskId, entry);
    const { signal } = entry.controller;
    Promise.resolve()
      .then(() => work(signal))
      .then(
        (result) => {
          if (signal.aborted) return;
          entry.settle({ result });
          this.#update(entry, 'completed');
        },
        (error: unknown) => {
          if (signal.aborted) return;
          entry.settle({ error });
          const withdrawn = error instanceof Error && error.name === 'AbortError';
          this.#update(entry, withdrawn ? 'cancelled' : 'failed', messageOf(error));
        },
      );
    return { task: { ...task } };
  }

  /** The task (`tasks/get`). */
  get(taskId: string): Task {
    return { ...this.#entry(taskId).task };
  }

  /**
   * The task's answer once it ended (`tasks/result`), as the request would have been answered,
   * marked with the task's id; the error it failed with, or an error when it was cancelled.
   */
  async result(taskId: string, signal: AbortSignal): Promise<Result> {
    const entry = this.#entry(taskId);
    const result = await new Promise<Result>((resolve, reject) => {
      const stop = () => reject(signal.reason);
      signal.addEventListener('abort', stop, { once: true });
      entry.outcome.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
    });
    return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId } } };
  }

  /** Cancels a task that has not ended (`tasks/cancel`): its work is abandoned. */
  cancel(taskId: string): Task {
    const entry = this.#entry(taskId);
    if (isTerminalTaskStatus(entry.task.status)) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Cannot cancel task: already in terminal status '${entry.task.status}'`,
      );
    }
    this.#end(entry, 'the server cancelled the task');
    this.#update(entry, 'cancelled', 'the server cancelled the task');
    return { ...entry.task };
  }

  /** Every task kept (`tasks/list`). */
  list(): { tasks: Task[] } {
    return { tasks: [...this.#tasks.values()].map(({ task }) => ({ ...task })) };
  }

  /** Ends every task (the connection closed): their work is abandoned and they are forgotten. */
  close(): void {
    for (const taskId of [...this.#tasks.keys()]) this.#drop(taskId, 'the connection closed');
  }

  /** Drops the oldest ended task when the connection keeps as many as it may; refuses when none ended. */
  #makeRoom(): void {
    if (this.#tasks.size < this.#limits.maxTasks) return;
    const ended = [...this.#tasks.values()].find((entry) => isTerminalTaskStatus(entry.task.status));
    if (!ended) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `this client runs at most ${this.#limits.maxTasks} tasks for a server at once; wait for one to end`,
      );
    }
    this.#drop(ended.task.taskId, 'dropped to make room');
  }

  #entry(taskId: string): Entry {
    const entry = this.#tasks.get(taskId);
    if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task not found: ${taskId}`);
    return entry;
  }

  /** Abandons the task's work, and fails a `tasks/result` that waits for it. */
  #end(entry: Entry, why: string): void {
    if (entry.controller.signal.aborted) return;
    entry.controller.abort(new DOMException(why, 'AbortError'));
    entry.settle({ error: new ProtocolError(ProtocolErrorCode.InvalidRequest, `Task ${why}`) });
  }

  #drop(taskId: string, why: string): void {
    const entry = this.#tasks.get(taskId);
    if (!entry) return;
    clearTimeout(entry.expiry);
    this.#tasks.delete(taskId);
    this.#end(entry, why);
  }

  #update(entry: Entry, status: TaskStatus, statusMessage?: string): void {
    entry.task = {
      ...entry.task,
      status,
      lastUpdatedAt: new Date().toISOString(),
      ...(statusMessage === undefined ? {} : { statusMessage }),
    };
    this.#announce({ ...entry.task });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
