import {
  type CallToolResult,
  type Client,
  type CreateTaskResult,
  type RequestOptions,
  type StandardSchemaV1,
  specTypeSchemas,
  type Task,
  type TaskStatus,
  type Tool,
} from '@modelcontextprotocol/client';
import type { ToolProgress } from '../../types/layers.ts';
import { isTerminalTaskStatus } from './task-status.ts';
import type { TaskStatusListeners } from './task-status-listeners.ts';

/** How a tool may be called as a task (MCP 2025-11-25 `execution.taskSupport`). */
export type TaskSupport = 'forbidden' | 'optional' | 'required';

/** Poll interval when the server suggests none. */
const DEFAULT_POLL_MS = 1_000;
/** Bounds on the server's suggested poll interval (a server cannot make us spin, nor sleep through a deadline). */
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 30_000;
const STATUS_TEXT: Record<TaskStatus, string> = {
  working: 'working',
  input_required: 'waiting for input',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The answer to a task-augmented `tools/call`: the task, or (a server that chose not to make one) the result. */
const CREATED_OR_FINISHED: StandardSchemaV1<unknown, CreateTaskResult | CallToolResult> = {
  '~standard': {
    version: 1,
    vendor: 'switchboard',
    validate: (value) =>
      isCreateTaskResult(value)
        ? specTypeSchemas.CreateTaskResult['~standard'].validate(value)
        : specTypeSchemas.CallToolResult['~standard'].validate(value),
  },
};

function isCreateTaskResult(value: unknown): value is CreateTaskResult {
  return typeof value === 'object' && value !== null && 'task' in value;
}

/** The tool's task support as it declared it (none declared: `forbidden`). */
export function taskSupportOf(tool: Tool): TaskSupport {
  return tool.execution?.taskSupport ?? 'forbidden';
}

/** True when the server runs tool calls as tasks (it declared `capabilities.tasks.requests.tools.call`). */
export function runsToolTasks(client: Client): boolean {
  return client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined;
}

/** What running one tool call as a task needs from the connection. */
export interface ToolTaskRun {
  /** The call's signal: fires when its caller cancels or its idle deadline passes. */
  signal: AbortSignal;
  /** A sign of life: the call's idle deadline starts over. */
  touch(): void;
  /** Receives the task's progress (one step per status the server reported). */
  onProgress?: (progress: ToolProgress) => void;
  /**
   * Sends one request on the connection's live session (reconnecting first if needed), with
   * options that end it with the call (the call's idle deadline replaces the SDK's timer).
   */
  send<T>(run: (client: Client, options: RequestOptions) => Promise<T>): Promise<T>;
  /** Asks the server to cancel the task; settles (never rejects) once it answered or gave up. */
  cancel(taskId: string): Promise<void>;
  /** The statuses the server announces (`notifications/tasks/status`). */
  statuses: TaskStatusListeners;
}

/**
 * Calls a tool as a task (MCP 2025-11-25, experimental): `tools/call` with a `task` parameter,
 * then `tasks/get` every `pollInterval` the server suggests (sooner when it announces a status)
 * until the task ends, then `tasks/result`. While the task waits for input, `tasks/result` is
 * sent at once: the server delivers its questions (elicitation, sampling) through it.
 *
 * Every status the server reports is progress, and a sign of life for the call's idle
 * deadline; a task whose state does not change for the whole deadline is given up. When the
 * call is cancelled or given up before the task ended, the server gets `tasks/cancel`.
 */
export async function runToolTask(
  name: string,
  args: Record<string, unknown>,
  run: ToolTaskRun,
): Promise<CallToolResult> {
  const { signal } = run;
  run.touch();
  const created = await run.send((client, options) =>
    client.request(
      { method: 'tools/call', params: { name, arguments: args, task: {} } },
      CREATED_OR_FINISHED,
      options,
    ),
  );
  if (!isCreateTaskResult(created)) return created;
  let task: Task = created.task;
  const report = progressReporter(run);
  const payload = new PayloadFetch(task.taskId, run);
  try {
    for (;;) {
      report(task);
      if (task.status === 'cancelled') throw new Error(ended(task, 'the server cancelled the task'));
      if (task.status === 'input_required' || isTerminalTaskStatus(task.status)) payload.start();
      if (isTerminalTaskStatus(task.status) || payload.settled.aborted) return await payload.result();
      const announced = await run.statuses
        .next(task.taskId, pollInterval(task), AbortSignal.any([signal, payload.settled]))
        .catch((error: unknown) => {
          if (signal.aborted) throw error;
          return undefined;
        });
      if (payload.settled.aborted) return await payload.result();
      task =
        announced ??
        (await run.send((client, options) =>
          client.request(
            { method: 'tasks/get', params: { taskId: task.taskId } },
            specTypeSchemas.GetTaskResult,
            options,
          ),
        ));
    }
  } catch (error) {
    if (!isTerminalTaskStatus(task.status)) await run.cancel(task.taskId);
    throw error;
  }
}

/** The `tasks/result` of one task, asked for once (it blocks on the server until the task ends). */
class PayloadFetch {
  /** Fires once the result (or the failure to get it) is in. */
  readonly settled: AbortSignal;
  readonly #settle = new AbortController();
  readonly #taskId: string;
  readonly #run: ToolTaskRun;
  #result?: Promise<CallToolResult>;

  constructor(taskId: string, run: ToolTaskRun) {
    this.#taskId = taskId;
    this.#run = run;
    this.settled = this.#settle.signal;
  }

  start(): void {
    if (this.#result) return;
    this.#result = this.#run
      .send((client, options) =>
        client.request(
          { method: 'tasks/result', params: { taskId: this.#taskId } },
          specTypeSchemas.CallToolResult,
          options,
        ),
      )
      .finally(() => this.#settle.abort());
    this.#result.catch(() => undefined);
  }

  result(): Promise<CallToolResult> {
    this.start();
    return this.#result as Promise<CallToolResult>;
  }
}

/** Reports each new state of the task (status, message or update time) as one step of progress. */
function progressReporter(run: ToolTaskRun): (task: Task) => void {
  let steps = 0;
  let last: string | undefined;
  return (task) => {
    const state = `${task.status}\n${task.statusMessage ?? ''}\n${task.lastUpdatedAt}`;
    if (state === last) return;
    last = state;
    steps++;
    run.touch();
    run.onProgress?.({ progress: steps, message: task.statusMessage ?? STATUS_TEXT[task.status] });
  };
}

function pollInterval(task: Task): number {
  return Math.min(Math.max(task.pollInterval ?? DEFAULT_POLL_MS, MIN_POLL_MS), MAX_POLL_MS);
}

function ended(task: Task, what: string): string {
  return `${what} (task ${task.taskId}${task.statusMessage ? `: ${task.statusMessage}` : ''})`;
}
