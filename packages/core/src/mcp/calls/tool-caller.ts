import {
  type CallToolResult,
  type Client,
  type InputRequiredResult,
  type RequestOptions,
  SdkError,
  SdkErrorCode,
  specTypeSchemas,
  type Tool,
} from '@modelcontextprotocol/client';
import type { ToolCallContext } from '../../types/layers.ts';
import { explainMcpError, type FailureContext } from '../connection/explain-error.ts';
import type { SessionKeeper } from '../connection/session-keeper.ts';
import type { ToolList } from '../connection/tool-list.ts';
import { TaskStatusListeners } from '../tasks/task-status-listeners.ts';
import { runsToolTasks, runToolTask } from '../tasks/tool-task.ts';
import type { AskingCalls } from './asking-calls.ts';
import { type InputRound, withInputRound } from './input-round.ts';
import { type RunningCall, RunningCalls } from './running-calls.ts';

/** The SDK's own per-request timer is off for tool calls: the connection's idle deadline replaces it. */
const NO_SDK_TIMEOUT_MS = 2_147_483_647;
/** Longest wait for the server to acknowledge the `tasks/cancel` of a call that was stopped. */
const TASK_CANCEL_TIMEOUT_MAX_MS = 5_000;

/** What a {@link ToolCaller} sends through and knows of the server's tools. */
export interface ToolCallerSettings {
  sessions: SessionKeeper;
  /** Which call a server's request belongs to, where the transport tells (see {@link RunningCalls}). */
  asking: AskingCalls;
  tools: ToolList;
  /** Lists the tools unless they were listed (the caller's signal ends its wait). */
  ensureListed: (signal: AbortSignal) => Promise<unknown>;
  /** Idle timeout of a call, restarted by its progress. */
  timeoutMs: number;
  /** Cap on a call's whole duration, whatever its progress. */
  maxTotalTimeoutMs?: number;
}

/**
 * Runs tool calls on one connection: each under an idle deadline that progress restarts, named
 * so that the server's requests on its behalf reach it, directly or (a tool that requires it)
 * as a task polled until it ends and cancelled with `tasks/cancel`.
 */
export class ToolCaller {
  /** Tool calls in flight: their deadlines, and where the server's own requests go. */
  readonly running = new RunningCalls();
  /** Where the server's announced task statuses go: the calls waiting on those tasks. */
  readonly taskStatuses = new TaskStatusListeners();
  readonly #settings: ToolCallerSettings;

  constructor(settings: ToolCallerSettings) {
    this.#settings = settings;
  }

  /** Calls a tool and resolves with the server's `CallToolResult` as it came. */
  call(toolName: string, args: Record<string, unknown>, context: ToolCallContext): Promise<CallToolResult> {
    return this.#running(toolName, context, async (call, failure) => {
      if (await this.#callsAsTask(toolName, failure, context.signal)) {
        const asTask = { ...failure, action: `calling tool "${toolName}" as a task` };
        return await this.#callAsTask(toolName, args, call, context, asTask);
      }
      return await this.#callStep(call, failure, (client, options) =>
        client.callTool({ name: toolName, arguments: args }, this.#callOptions(call, context, options)),
      );
    });
  }

  /**
   * One round of a tool call relayed for another client (see {@link InputRound}): the server's
   * `input_required` resolves as it came. A tool with an output schema is called with its
   * definition minus that schema, since an `input_required` round carries no structured content
   * (the relayed client checks the final result against the schema it listed).
   */
  round(
    toolName: string,
    args: Record<string, unknown>,
    round: InputRound,
    context: ToolCallContext,
  ): Promise<CallToolResult | InputRequiredResult> {
    const listed = this.#settings.tools.definition(toolName);
    const definition = listed?.outputSchema
      ? ({ name: listed.name, inputSchema: listed.inputSchema } as Tool)
      : undefined;
    return this.#running(toolName, context, (call, failure) =>
      this.#callStep(call, failure, (client, options) =>
        client.callTool(withInputRound({ name: toolName, arguments: args }, round), {
          ...this.#callOptions(call, context, options),
          allowInputRequired: true,
          ...(definition ? { toolDefinition: definition } : {}),
        }),
      ),
    );
  }

  /** Runs one tool call under its idle deadline, named while it runs. */
  async #running<T>(
    toolName: string,
    context: ToolCallContext,
    run: (call: RunningCall, failure: FailureContext) => Promise<T>,
  ): Promise<T> {
    const { sessions, timeoutMs } = this.#settings;
    const call = this.running.begin(context, timeoutMs);
    const failure = sessions.context(`calling tool "${toolName}"`, 'request', context.signal, toolName);
    try {
      return await run(call, failure);
    } finally {
      call.end();
      this.#settings.asking.forget(call.tag);
    }
  }

  /** A call request's options: progress restarts its deadline and reaches the caller. */
  #callOptions(call: RunningCall, context: ToolCallContext, options: RequestOptions): RequestOptions {
    call.deadline.touch();
    return {
      ...options,
      maxTotalTimeout: this.#settings.maxTotalTimeoutMs,
      resetTimeoutOnProgress: true,
      onprogress: (progress) => {
        call.deadline.touch();
        context.onProgress?.(progress);
      },
    };
  }

  /** True when the tool must be called as a task: the server runs tasks and the tool requires one. */
  async #callsAsTask(toolName: string, context: FailureContext, signal: AbortSignal): Promise<boolean> {
    const session = await this.#settings.sessions.acquireVerified(context);
    if (!runsToolTasks(session.client)) return false;
    if (!this.#settings.tools.listed) await this.#settings.ensureListed(signal);
    return this.#settings.tools.taskSupport(toolName) === 'required';
  }

  async #callAsTask(
    toolName: string,
    args: Record<string, unknown>,
    call: RunningCall,
    context: ToolCallContext,
    failure: FailureContext,
  ): Promise<CallToolResult> {
    try {
      return await runToolTask(toolName, args, {
        signal: call.signal,
        touch: () => call.deadline.touch(),
        onProgress: context.onProgress,
        send: (run) => this.#callStep(call, failure, run),
        cancel: (taskId) => this.#cancelTask(taskId),
        statuses: this.taskStatuses,
      });
    } catch (error) {
      throw explainMcpError(call.timedOut ? timedOut(error) : error, failure);
    }
  }

  /**
   * One request of a tool call: it ends with the call, names the call (so the server's requests
   * on its behalf reach it), and reports the call's idle deadline passing as a timeout.
   */
  #callStep<T>(
    call: RunningCall,
    context: FailureContext,
    run: (client: Client, options: RequestOptions) => Promise<T>,
  ): Promise<T> {
    return this.#settings.sessions.request(context, async (client) => {
      try {
        const headers = this.#settings.asking.headers(call.tag);
        return await run(client, { signal: call.signal, timeout: NO_SDK_TIMEOUT_MS, headers });
      } catch (error) {
        throw call.timedOut ? timedOut(error) : error;
      }
    });
  }

  /** Sends `tasks/cancel` on the live session, if any; waits a bounded time for the answer, ignores failures. */
  async #cancelTask(taskId: string): Promise<void> {
    const client = this.#settings.sessions.session?.client;
    if (!client) return;
    await client
      .request({ method: 'tasks/cancel', params: { taskId } }, specTypeSchemas.CancelTaskResult, {
        timeout: Math.min(this.#settings.timeoutMs, TASK_CANCEL_TIMEOUT_MAX_MS),
      })
      .catch(() => undefined);
  }
}

/** The SDK's own timeout error, standing for a call whose idle deadline passed. */
function timedOut(cause: unknown): SdkError {
  return new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', cause);
}
