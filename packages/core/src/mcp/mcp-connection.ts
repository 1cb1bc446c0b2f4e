import {
  type CallToolResult,
  type Client,
  type CompleteRequestParams,
  type CompleteResult,
  type GetPromptResult,
  type Implementation,
  type McpSubscription,
  type Prompt,
  type ReadResourceResult,
  type RequestOptions,
  type Resource,
  type ResourceTemplateType as ResourceTemplate,
  SdkError,
  SdkErrorCode,
  specTypeSchemas,
  type Tool,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { McpLayer, McpToolDef, ToolCallContext } from '../types/layers.ts';
import type { McpServerRequestHandlers } from '../types/server-requests.ts';
import type { McpToolClient, ToolOutput } from '../types/tool-call.ts';
import { AskingCalls } from './asking-calls.ts';
import { attributeToTool } from './attribute-to-tool.ts';
import { ChangeListeners } from './change-listeners.ts';
import type { McpConnectionOptions } from './connection-options.ts';
import { resolveConnectionTimeouts } from './connection-timeouts.ts';
import { describeMessageProblem, explainMcpError, type FailureContext } from './explain-error.ts';
import { finishAuthorization } from './finish-authorization.ts';
import { McpConnectionError, type McpErrorKind } from './mcp-connection-error.ts';
import type { McpConnectionInfo, McpConnectionStatus } from './mcp-connection-info.ts';
import { type ClientTarget, type ListedKind, openClient } from './open-client.ts';
import { delay, raceSignal } from './promise-timing.ts';
import { type RunningCall, RunningCalls } from './running-calls.ts';
import { closeSession, neverSent, type Session } from './session.ts';
import { TaskStatusListeners } from './task-status-listeners.ts';
import { toToolDef } from './to-tool-def.ts';
import { toToolOutput } from './to-tool-output.ts';
import { runsToolTasks, runToolTask, type TaskSupport, taskSupportOf } from './tool-task.ts';
import { resolveTarget } from './transport-target.ts';

const DEFAULT_CLIENT_INFO: Implementation = { name: 'switchboard', version: '0.1.0' };
/** The SDK's own per-request timer is off for tool calls: the connection's idle deadline replaces it. */
const NO_SDK_TIMEOUT_MS = 2_147_483_647;
/** Pause before the second connect attempt of a reconnect (a restarting server needs a moment). */
const RECONNECT_RETRY_DELAY_MS = 200;
/** Longest wait for the `ping` that checks a session after one of its requests timed out. */
const PING_TIMEOUT_MAX_MS = 5_000;
/** Longest wait for the server to acknowledge the `tasks/cancel` of a call that was stopped. */
const TASK_CANCEL_TIMEOUT_MAX_MS = 5_000;
/** Failures after which the session is unusable: the next request reconnects. */
const SESSION_BREAKING: ReadonlySet<McpErrorKind> = new Set([
  'connection_closed',
  'session_expired',
  'network_error',
]);

/** Receives the server's layer after its tool list changed. */
export type ToolsChangedListener = (layer: McpLayer) => void;

/** Options of the requests that take no others. */
export interface McpRequestOptions {
  signal?: AbortSignal;
}

/**
 * One MCP server, reached through the official SDK client over Streamable HTTP (with a
 * legacy SSE fallback), an in-memory transport, or any custom transport (stdio from
 * `@switchboard/core/node`).
 *
 * Connects lazily on first use and reconnects transparently on the next request after the
 * connection broke (server crashed, restarted, dropped the connection). A tool call is
 * only repeated when it provably never reached the server. Every failure rejects with an
 * {@link McpConnectionError} whose message says which server, which tool and what happened.
 */
export class McpConnection implements McpToolClient {
  /** The server's name, as given in the options. */
  readonly name: string;
  /** Per-call timeout in ms (reset by progress notifications). */
  readonly timeoutMs: number;
  private readonly options: McpConnectionOptions;
  private readonly connectTimeoutMs: number;
  private readonly target: ClientTarget;
  private readonly where: string;
  private readonly diagnostics?: () => string | undefined;
  private readonly listeners = new ChangeListeners<McpLayer>();
  private readonly resourceListeners = new ChangeListeners<string>();
  /** Told of the server's `resources/list_changed` and `prompts/list_changed`. */
  private readonly listChanges = {
    resources: new ChangeListeners<void>(),
    prompts: new ChangeListeners<void>(),
  } satisfies Record<ListedKind, ChangeListeners<void>>;
  /** Protocol 2026-07-28 resource subscriptions: one `subscriptions/listen` stream per URI. */
  private readonly resourceListens = new Map<string, McpSubscription>();
  /** Tool calls in flight: their deadlines, and where the server's own requests go. */
  private readonly running = new RunningCalls();
  /** Which call a server's request belongs to, where the transport tells (see {@link RunningCalls}). */
  private readonly asking = new AskingCalls();
  /** Where the server's announced task statuses go: the calls waiting on those tasks. */
  private readonly taskStatuses = new TaskStatusListeners();
  /** Sessions being closed in the background after they broke; `close()` waits for them. */
  private readonly closing = new Set<Promise<void>>();
  private session?: Session;
  private opening?: Promise<Session>;
  private closed = false;
  /** Aborted by {@link close}: ends a handshake still in progress. */
  private readonly closer = new AbortController();
  private connectedBefore = false;
  private tools?: McpToolDef[];
  /** Each listed tool's `execution.taskSupport`. */
  private taskSupport = new Map<string, TaskSupport>();
  /** The first listing of the tools, shared by every {@link layer} call waiting for it. */
  private firstListing?: Promise<McpToolDef[]>;
  private serverDescription?: string;
  private transportProblem?: string;

  constructor(options: McpConnectionOptions) {
    if (!options.name.trim()) throw new TypeError('McpConnection: `name` must be a non-empty string.');
    this.name = options.name;
    this.options = options;
    const timeouts = resolveConnectionTimeouts(options);
    this.timeoutMs = timeouts.timeoutMs;
    this.connectTimeoutMs = timeouts.connectTimeoutMs;
    const resolved = resolveTarget(options.transport);
    this.target = resolved.target;
    this.where = resolved.where;
    this.diagnostics = resolved.diagnostics;
  }

  /** Current state, negotiated protocol and server identity. */
  get info(): McpConnectionInfo {
    const status: McpConnectionStatus = this.closed
      ? 'closed'
      : this.session
        ? 'connected'
        : this.opening
          ? 'connecting'
          : 'idle';
    const client = this.session?.client;
    return {
      status,
      transport: this.session?.kind,
      protocolVersion: client?.getNegotiatedProtocolVersion(),
      serverInfo: client?.getServerVersion(),
      instructions: client?.getInstructions(),
    };
  }

  /** Connects now instead of on first use. Resolves once the handshake is done. */
  async connect(options: McpRequestOptions = {}): Promise<void> {
    await this.acquire(this.context('connecting', 'connect', options.signal));
  }

  /** Lists all the server's tools (every page) and remembers them for {@link layer}. */
  async listTools(options: McpRequestOptions = {}): Promise<McpToolDef[]> {
    const { signal } = options;
    const result = await this.request(this.context('listing tools', 'request', signal), (client) =>
      client.listTools(undefined, { signal, timeout: this.timeoutMs }),
    );
    return this.updateTools(result.tools);
  }

  /**
   * The server's tools as a layer (connecting and listing them first if needed). Callers that
   * arrive while the first listing runs wait for it instead of each asking the server; a caller's
   * signal ends its own wait, not the listing.
   */
  async layer(options: McpRequestOptions = {}): Promise<McpLayer> {
    if (!this.tools) {
      this.firstListing ??= this.listTools().finally(() => {
        this.firstListing = undefined;
      });
      const context = this.context('listing tools', 'request', options.signal);
      await raceSignal(this.firstListing, options.signal, () =>
        explainMcpError(options.signal?.reason, context),
      );
    }
    return this.buildLayer();
  }

  /**
   * Calls a tool. Progress notifications reach `context.onProgress` and restart the timeout;
   * so does an answer to a question the server put to the person meanwhile (the clock stops
   * while they answer). Aborting `context.signal` cancels the call on the server. Tool-level
   * failures resolve with `isError: true`; everything else rejects with an
   * {@link McpConnectionError}.
   *
   * A tool that must run as a task (`execution.taskSupport: 'required'`, MCP 2025-11-25) is
   * called as one and polled until it ends: each status the server reports is progress and
   * restarts the timeout, and cancelling sends `tasks/cancel`. Tools that merely allow tasks
   * are called directly.
   */
  async callTool(
    toolName: string,
    args: Record<string, unknown>,
    context: ToolCallContext,
  ): Promise<ToolOutput> {
    return toToolOutput(await this.callToolResult(toolName, args, context));
  }

  /** Like {@link callTool}, but resolves with the server's `CallToolResult` as it came. */
  async callToolResult(
    toolName: string,
    args: Record<string, unknown>,
    context: ToolCallContext,
  ): Promise<CallToolResult> {
    const call = this.running.begin(context, this.timeoutMs);
    const failure = this.context(`calling tool "${toolName}"`, 'request', context.signal, toolName);
    try {
      if (await this.callsAsTask(toolName, failure)) {
        const asTask = { ...failure, action: `calling tool "${toolName}" as a task` };
        return await this.callAsTask(toolName, args, call, context, asTask);
      }
      return await this.callStep(call, failure, (client, options) => {
        call.deadline.touch();
        return client.callTool(
          { name: toolName, arguments: args },
          {
            ...options,
            maxTotalTimeout: this.options.maxTotalTimeoutMs,
            resetTimeoutOnProgress: true,
            onprogress: (progress) => {
              call.deadline.touch();
              context.onProgress?.(progress);
            },
          },
        );
      });
    } finally {
      call.end();
      this.asking.forget(call.tag);
    }
  }

  /** Lists the server's resources (every page). */
  async listResources(options: McpRequestOptions = {}): Promise<Resource[]> {
    const { signal } = options;
    const result = await this.request(this.context('listing resources', 'request', signal), (client) =>
      client.listResources(undefined, { signal, timeout: this.timeoutMs }),
    );
    return result.resources;
  }

  /** Reads one resource by URI. */
  async readResource(uri: string, options: McpRequestOptions = {}): Promise<ReadResourceResult> {
    const { signal } = options;
    return this.request(this.context(`reading resource "${uri}"`, 'request', signal), (client) =>
      client.readResource({ uri }, { signal, timeout: this.timeoutMs }),
    );
  }

  /** Lists the server's resource templates (every page). */
  async listResourceTemplates(options: McpRequestOptions = {}): Promise<ResourceTemplate[]> {
    const { signal } = options;
    const result = await this.request(
      this.context('listing resource templates', 'request', signal),
      (client) => client.listResourceTemplates(undefined, { signal, timeout: this.timeoutMs }),
    );
    return result.resourceTemplates;
  }

  /**
   * Asks the server to send `notifications/resources/updated` for one resource (see
   * {@link onResourceUpdated}): `resources/subscribe` in the 2025 protocols, a
   * `subscriptions/listen` stream for the resource in 2026-07-28.
   */
  async subscribeResource(uri: string, options: McpRequestOptions = {}): Promise<void> {
    const { signal } = options;
    await this.request(
      this.context(`subscribing to resource "${uri}"`, 'request', signal),
      async (client) => {
        try {
          await client.subscribeResource({ uri }, { signal, timeout: this.timeoutMs });
        } catch (error) {
          if (!(error instanceof SdkError && error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion))
            throw error;
          if (this.resourceListens.has(uri)) return;
          // The stream outlives this request, so the caller's signal does not end it; unsubscribing does.
          const listening = await client.listen(
            { resourceSubscriptions: [uri] },
            { timeout: this.timeoutMs },
          );
          this.resourceListens.set(uri, listening);
        }
      },
    );
  }

  /** Ends a {@link subscribeResource} subscription. */
  async unsubscribeResource(uri: string, options: McpRequestOptions = {}): Promise<void> {
    const listening = this.resourceListens.get(uri);
    if (listening) {
      this.resourceListens.delete(uri);
      await listening.close();
      return;
    }
    const { signal } = options;
    await this.request(this.context(`unsubscribing from resource "${uri}"`, 'request', signal), (client) =>
      client.unsubscribeResource({ uri }, { signal, timeout: this.timeoutMs }),
    );
  }

  /** Lists the server's prompts (every page). */
  async listPrompts(options: McpRequestOptions = {}): Promise<Prompt[]> {
    const { signal } = options;
    const result = await this.request(this.context('listing prompts', 'request', signal), (client) =>
      client.listPrompts(undefined, { signal, timeout: this.timeoutMs }),
    );
    return result.prompts;
  }

  /** Gets one prompt, filled with its arguments. */
  async getPrompt(
    name: string,
    args: Record<string, string> = {},
    options: McpRequestOptions = {},
  ): Promise<GetPromptResult> {
    const { signal } = options;
    return this.request(this.context(`getting prompt "${name}"`, 'request', signal), (client) =>
      client.getPrompt({ name, arguments: args }, { signal, timeout: this.timeoutMs }),
    );
  }

  /** Asks the server for completions of a prompt's or resource template's argument (`completion/complete`). */
  async complete(params: CompleteRequestParams, options: McpRequestOptions = {}): Promise<CompleteResult> {
    const { signal } = options;
    return this.request(this.context('completing an argument', 'request', signal), (client) =>
      client.complete(params, { signal, timeout: this.timeoutMs }),
    );
  }

  /**
   * Subscribes to tool-list changes (the server's `tools/list_changed`, or a different list
   * found after a reconnect). The listener gets the updated layer; errors it throws are
   * ignored. Returns the unsubscribe function.
   */
  onToolsChanged(listener: ToolsChangedListener): () => void {
    return this.listeners.add(listener);
  }

  /**
   * Receives the server's `notifications/resources/updated` (for resources subscribed to with
   * {@link subscribeResource}), beside `handlers.onResourceUpdated`; errors the listener throws are
   * ignored. Returns the unsubscribe function.
   */
  onResourceUpdated(listener: (uri: string) => void): () => void {
    return this.resourceListeners.add(listener);
  }

  /**
   * Subscribes to the server's `notifications/resources/list_changed` (its resources or resource
   * templates changed: list them again). Errors the listener throws are ignored. Returns the
   * unsubscribe function.
   */
  onResourcesChanged(listener: () => void): () => void {
    return this.listChanges.resources.add(listener);
  }

  /**
   * Subscribes to the server's `notifications/prompts/list_changed` (list its prompts again).
   * Errors the listener throws are ignored. Returns the unsubscribe function.
   */
  onPromptsChanged(listener: () => void): () => void {
    return this.listChanges.prompts.add(listener);
  }

  /** Closes the connection (ending the HTTP session or the server process). Later requests reject. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closer.abort();
    this.listeners.clear();
    this.resourceListeners.clear();
    this.listChanges.resources.clear();
    this.listChanges.prompts.clear();
    const listens = [...this.resourceListens.values()];
    this.resourceListens.clear();
    await Promise.all(listens.map((listening) => listening.close().catch(() => undefined)));
    const session = this.session;
    this.session = undefined;
    if (session) await closeSession(session, true);
    await this.opening?.catch(() => undefined);
    await Promise.all([...this.closing]);
  }

  /** True when the tool must be called as a task: the server runs tasks and the tool requires one. */
  private async callsAsTask(toolName: string, context: FailureContext): Promise<boolean> {
    const session = await this.acquireVerified(context);
    if (!runsToolTasks(session.client)) return false;
    if (!this.tools) await this.layer({ signal: context.signal });
    return this.taskSupport.get(toolName) === 'required';
  }

  private async callAsTask(
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
        send: (run) => this.callStep(call, failure, run),
        cancel: (taskId) => this.cancelTask(taskId),
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
  private callStep<T>(
    call: RunningCall,
    context: FailureContext,
    run: (client: Client, options: RequestOptions) => Promise<T>,
  ): Promise<T> {
    return this.request(context, async (client) => {
      try {
        const headers = this.asking.headers(call.tag);
        return await run(client, { signal: call.signal, timeout: NO_SDK_TIMEOUT_MS, headers });
      } catch (error) {
        throw call.timedOut ? timedOut(error) : error;
      }
    });
  }

  /** Sends `tasks/cancel` on the live session, if any; waits a bounded time for the answer, ignores failures. */
  private async cancelTask(taskId: string): Promise<void> {
    const client = this.session?.client;
    if (!client) return;
    await client
      .request({ method: 'tasks/cancel', params: { taskId } }, specTypeSchemas.CancelTaskResult, {
        timeout: Math.min(this.timeoutMs, TASK_CANCEL_TIMEOUT_MAX_MS),
      })
      .catch(() => undefined);
  }

  /** The connection's own handlers, with elicitation and sampling routed to the call that asked. */
  private serverRequestHandlers(): McpServerRequestHandlers {
    const own = this.options.handlers ?? {};
    const fromCalls = this.options.answerThroughCalls ?? [];
    return {
      ...own,
      elicitation: this.running.handler('elicitation', fromCalls.includes('elicitation'), own.elicitation),
      sampling: this.running.handler('sampling', fromCalls.includes('sampling'), own.sampling),
      onLog: this.running.logReceiver(fromCalls.includes('log'), own.onLog),
      onResourceUpdated: (uri) => {
        own.onResourceUpdated?.(uri);
        this.resourceListeners.notify(uri);
      },
    };
  }

  private context(
    action: string,
    phase: FailureContext['phase'],
    signal: AbortSignal | undefined,
    tool?: string,
  ): FailureContext {
    return {
      server: this.name,
      where: this.where,
      phase,
      action,
      tool,
      timeoutMs: phase === 'connect' ? this.connectTimeoutMs : this.timeoutMs,
      signal,
    };
  }

  /**
   * Runs one request on a live session, reconnecting first when needed. A request refused
   * for want of authorization (an expired grant, or step-up to more scope) is sent once
   * more after the user authorized, when the connection can wait for that.
   */
  private async request<T>(context: FailureContext, run: (client: Client) => Promise<T>): Promise<T> {
    let session = await this.acquireVerified(context);
    try {
      const result = await run(session.client);
      this.transportProblem = undefined;
      return result;
    } catch (error) {
      if (this.canAuthorize(error, context)) {
        await this.authorizeOn(session, context);
        try {
          return await run(session.client);
        } catch (retryError) {
          throw this.fail(retryError, session, context);
        }
      }
      if (this.closed || context.signal?.aborted || !neverSent(error))
        throw this.fail(error, session, context);
      this.discard(session);
    }
    session = await this.acquireVerified(context);
    try {
      return await run(session.client);
    } catch (error) {
      throw this.fail(error, session, context);
    }
  }

  private canAuthorize(error: unknown, context: FailureContext): boolean {
    return (
      error instanceof UnauthorizedError &&
      !this.closed &&
      !context.signal?.aborted &&
      this.options.authorization?.awaitCallback !== undefined
    );
  }

  private async authorizeOn(session: Session, context: FailureContext): Promise<void> {
    const authorization = this.options.authorization;
    if (!authorization) return;
    try {
      await finishAuthorization(session.transport, authorization, context.signal);
    } catch (error) {
      throw this.fail(error, session, context);
    }
  }

  private fail(error: unknown, session: Session, context: FailureContext): McpConnectionError {
    if (this.closed) return this.closedError(context, error);
    const explained = explainMcpError(error, {
      ...context,
      diagnostics: this.diagnostics?.(),
      transportProblem: this.transportProblem,
    });
    if (SESSION_BREAKING.has(explained.kind)) this.discard(session);
    else if (explained.kind === 'timeout') session.suspect = true;
    return explained;
  }

  private closedError(context: FailureContext, cause?: unknown): McpConnectionError {
    return new McpConnectionError(
      `MCP server "${this.name}" (${this.where}): ${context.action} failed: the connection was closed with close().`,
      { kind: 'closed', server: this.name, tool: context.tool, cause },
    );
  }

  /** Like {@link acquire}, but first checks a suspect session with a `ping` and replaces it when that fails. */
  private async acquireVerified(context: FailureContext): Promise<Session> {
    const session = await this.acquire(context);
    if (!session.suspect) return session;
    session.verifying ??= this.verify(session);
    await raceSignal(session.verifying, context.signal, () =>
      explainMcpError(context.signal?.reason, context),
    );
    return this.session === session ? session : this.acquire(context);
  }

  private async verify(session: Session): Promise<void> {
    try {
      await session.client.ping({ timeout: Math.min(this.timeoutMs, PING_TIMEOUT_MAX_MS) });
      session.suspect = false;
    } catch {
      this.discard(session);
    } finally {
      session.verifying = undefined;
    }
  }

  /** The live session, or a new one (shared by concurrent callers). Honors the caller's signal. */
  private async acquire(context: FailureContext): Promise<Session> {
    if (this.closed) throw this.closedError(context);
    if (context.signal?.aborted) throw explainMcpError(context.signal.reason, context);
    if (this.session) return this.session;
    if (!this.opening) {
      const opening = this.openWithRetry();
      this.opening = opening;
      opening.then(
        () => this.settleOpening(opening),
        () => this.settleOpening(opening),
      );
    }
    try {
      return await raceSignal(this.opening, context.signal, () =>
        explainMcpError(context.signal?.reason, context),
      );
    } catch (error) {
      if (this.closed) throw this.closedError(context, error);
      throw attributeToTool(error, context.tool);
    }
  }

  private settleOpening(opening: Promise<Session>): void {
    if (this.opening === opening) this.opening = undefined;
  }

  /** Connects; a reconnect that fails (other than by timing out) is tried once more. */
  private async openWithRetry(): Promise<Session> {
    try {
      return await this.openOnce();
    } catch (error) {
      const retry = this.connectedBefore && !this.closed && (error as McpConnectionError).kind !== 'timeout';
      if (!retry) throw error;
    }
    await delay(RECONNECT_RETRY_DELAY_MS);
    return this.openOnce();
  }

  private async openOnce(): Promise<Session> {
    const context = this.context(this.connectedBefore ? 'reconnecting' : 'connecting', 'connect', undefined);
    if (this.closed) throw this.closedError(context);
    let session: Session;
    try {
      session = await openClient(this.target, {
        clientInfo: this.options.clientInfo ?? DEFAULT_CLIENT_INFO,
        protocol: this.options.protocol ?? 'auto',
        connectTimeoutMs: this.connectTimeoutMs,
        fetch: this.options.fetch,
        headers: this.options.headers,
        authorization: this.options.authorization,
        handlers: this.serverRequestHandlers(),
        askingCalls: this.asking,
        server: this.name,
        signal: this.closer.signal,
        onToolsChanged: (client, tools) => {
          if (this.session?.client === client) this.updateTools(tools);
        },
        onListChanged: (client, kind) => {
          if (this.session?.client === client) this.listChanges[kind].notify();
        },
        onTaskStatus: (task) => this.taskStatuses.notify(task),
      });
    } catch (error) {
      throw explainMcpError(error, { ...context, diagnostics: this.diagnostics?.() });
    }
    if (this.closed) {
      await closeSession(session, true);
      throw this.closedError(context);
    }
    this.adopt(session);
    return session;
  }

  private adopt(session: Session): void {
    const { client } = session;
    client.onclose = () => {
      if (this.session === session) this.session = undefined;
    };
    client.onerror = (error) => {
      const problem = describeMessageProblem(error);
      if (problem) this.transportProblem = problem;
    };
    this.session = session;
    this.transportProblem = undefined;
    this.serverDescription =
      this.options.description ??
      (client.getInstructions()?.trim() ||
        client.getServerVersion()?.description ||
        client.getServerVersion()?.title ||
        undefined);
    const reconnected = this.connectedBefore;
    this.connectedBefore = true;
    if (reconnected && this.tools) this.listTools().catch(() => undefined);
  }

  private discard(session: Session): void {
    if (this.session === session) this.session = undefined;
    const closing = closeSession(session, false);
    this.closing.add(closing);
    closing.then(() => this.closing.delete(closing));
  }

  /** Stores a fresh tool list; tells the listeners when it differs from the one known before. */
  private updateTools(tools: Tool[]): McpToolDef[] {
    const defs = tools.map(toToolDef);
    this.taskSupport = new Map(tools.map((tool) => [tool.name, taskSupportOf(tool)]));
    const previous = this.tools;
    this.tools = defs;
    if (previous && JSON.stringify(previous) !== JSON.stringify(defs)) {
      this.listeners.notify(this.buildLayer());
    }
    return defs;
  }

  private buildLayer(): McpLayer {
    const layer: McpLayer = { protocol: 'mcp', serverName: this.name, tools: [...(this.tools ?? [])] };
    if (this.target.type === 'http' || this.target.type === 'sse') layer.serverUrl = this.target.url.href;
    if (this.serverDescription) layer.description = this.serverDescription;
    return layer;
  }
}

/** The SDK's own timeout error, standing for a call whose idle deadline passed. */
function timedOut(cause: unknown): SdkError {
  return new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', cause);
}
