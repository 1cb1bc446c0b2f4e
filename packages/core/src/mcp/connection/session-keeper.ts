import {
  type Client,
  type Implementation,
  type Task,
  type Tool,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { McpServerRequestHandlers } from '../../types/server-requests.ts';
import { finishAuthorization } from '../auth/finish-authorization.ts';
import type { AskingCalls } from '../calls/asking-calls.ts';
import { attributeToTool } from '../calls/attribute-to-tool.ts';
import { askedLogLevel } from '../calls/server-requests.ts';
import type { McpConnectionOptions } from './connection-options.ts';
import { describeMessageProblem, explainMcpError, type FailureContext } from './explain-error.ts';
import { setLegacyLogLevel } from './log-level.ts';
import { McpConnectionError, type McpErrorKind } from './mcp-connection-error.ts';
import type { McpConnectionStatus } from './mcp-connection-info.ts';
import { type ClientTarget, type ListedKind, openClient } from './open-client.ts';
import { delay, raceSignal } from './promise-timing.ts';
import { closeSession, neverSent, type Session } from './session.ts';

const DEFAULT_CLIENT_INFO: Implementation = { name: 'switchboard', version: '0.1.0' };
/** Pause before the second connect attempt of a reconnect (a restarting server needs a moment). */
const RECONNECT_RETRY_DELAY_MS = 200;
/** Longest wait for the `ping` that checks a session after one of its requests timed out. */
const PING_TIMEOUT_MAX_MS = 5_000;
/** Failures after which the session is unusable: the next request reconnects. */
const SESSION_BREAKING: ReadonlySet<McpErrorKind> = new Set([
  'connection_closed',
  'session_expired',
  'network_error',
]);

/** What a {@link SessionKeeper} connects to, how, and whom it tells of what the server announces. */
export interface SessionKeeperSettings {
  /** The server's name, as given in the connection's options. */
  name: string;
  /** Where the server is, for messages. */
  where: string;
  target: ClientTarget;
  options: McpConnectionOptions;
  timeoutMs: number;
  connectTimeoutMs: number;
  /** What the server process said, for messages about a failed connect. */
  diagnostics?: () => string | undefined;
  /** Answers to the server's own requests, built for each new session. */
  handlers: () => McpServerRequestHandlers;
  askingCalls: AskingCalls;
  /** The live session's fresh tool list after the server announced `tools/list_changed`. */
  onToolsChanged: (tools: Tool[]) => void;
  /** The live session's server announced that its resources or prompts changed. */
  onListChanged: (kind: ListedKind) => void;
  onTaskStatus: (task: Task) => void;
  /** A session was adopted; `reconnected` when one was adopted before. */
  onConnected: (client: Client, reconnected: boolean) => void;
  /** Runs once {@link SessionKeeper.close} marked the connection closed, before the session ends. */
  onClosing: () => Promise<void>;
}

/** The per-request options every plain request passes to the SDK client. */
export interface PlainRequestOptions {
  signal?: AbortSignal;
  timeout: number;
}

/**
 * The live session to one MCP server: opened lazily and shared by concurrent callers, replaced
 * after it broke (a reconnect that fails is tried once more), checked with a `ping` after a
 * timeout. A request is repeated only when it provably never reached the server, or once after
 * the user authorized. Every failure becomes an {@link McpConnectionError}.
 */
export class SessionKeeper {
  readonly #settings: SessionKeeperSettings;
  /** Sessions being closed in the background after they broke; `close()` waits for them. */
  readonly #closing = new Set<Promise<void>>();
  /** Aborted by {@link close}: ends a handshake still in progress. */
  readonly #closer = new AbortController();
  #session?: Session;
  #opening?: Promise<Session>;
  #closed = false;
  #connectedBefore = false;
  #transportProblem?: string;

  constructor(settings: SessionKeeperSettings) {
    this.#settings = settings;
  }

  /** The live session, if any. */
  get session(): Session | undefined {
    return this.#session;
  }

  /** Whether a session is live, being opened, or the keeper was closed. */
  get status(): McpConnectionStatus {
    if (this.#closed) return 'closed';
    if (this.#session) return 'connected';
    return this.#opening ? 'connecting' : 'idle';
  }

  /** What a failure of this action is explained with. */
  context(
    action: string,
    phase: FailureContext['phase'],
    signal: AbortSignal | undefined,
    tool?: string,
  ): FailureContext {
    const { name, where, connectTimeoutMs, timeoutMs } = this.#settings;
    return {
      server: name,
      where,
      phase,
      action,
      tool,
      timeoutMs: phase === 'connect' ? connectTimeoutMs : timeoutMs,
      signal,
    };
  }

  /** A plain request: `action` names it in messages; the client gets the signal and the connection's timeout. */
  ask<T>(
    action: string,
    signal: AbortSignal | undefined,
    run: (client: Client, options: PlainRequestOptions) => Promise<T>,
  ): Promise<T> {
    const options = { signal, timeout: this.#settings.timeoutMs };
    return this.request(this.context(action, 'request', signal), (client) => run(client, options));
  }

  /**
   * Runs one request on a live session, reconnecting first when needed. A request refused
   * for want of authorization (an expired grant, or step-up to more scope) is sent once
   * more after the user authorized, when the connection can wait for that.
   */
  async request<T>(context: FailureContext, run: (client: Client) => Promise<T>): Promise<T> {
    let session = await this.acquireVerified(context);
    try {
      const result = await run(session.client);
      this.#transportProblem = undefined;
      return result;
    } catch (error) {
      if (this.#canAuthorize(error, context)) {
        await this.#authorizeOn(session, context);
        try {
          return await run(session.client);
        } catch (retryError) {
          throw this.#fail(retryError, session, context);
        }
      }
      if (this.#closed || context.signal?.aborted || !neverSent(error))
        throw this.#fail(error, session, context);
      this.#discard(session);
    }
    session = await this.acquireVerified(context);
    try {
      return await run(session.client);
    } catch (error) {
      throw this.#fail(error, session, context);
    }
  }

  /** Like {@link acquire}, but first checks a suspect session with a `ping` and replaces it when that fails. */
  async acquireVerified(context: FailureContext): Promise<Session> {
    const session = await this.acquire(context);
    if (!session.suspect) return session;
    session.verifying ??= this.#verify(session);
    await raceSignal(session.verifying, context.signal, () =>
      explainMcpError(context.signal?.reason, context),
    );
    return this.#session === session ? session : this.acquire(context);
  }

  /** The live session, or a new one (shared by concurrent callers). Honors the caller's signal. */
  async acquire(context: FailureContext): Promise<Session> {
    if (this.#closed) throw this.#closedError(context);
    if (context.signal?.aborted) throw explainMcpError(context.signal.reason, context);
    if (this.#session) return this.#session;
    if (!this.#opening) {
      const opening = this.#openWithRetry();
      this.#opening = opening;
      opening.then(
        () => this.#settleOpening(opening),
        () => this.#settleOpening(opening),
      );
    }
    try {
      return await raceSignal(this.#opening, context.signal, () =>
        explainMcpError(context.signal?.reason, context),
      );
    } catch (error) {
      if (this.#closed) throw this.#closedError(context, error);
      throw attributeToTool(error, context.tool);
    }
  }

  /** Closes for good (ending the HTTP session or the server process); later requests reject. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#closer.abort();
    await this.#settings.onClosing();
    const session = this.#session;
    this.#session = undefined;
    if (session) await closeSession(session, true);
    await this.#opening?.catch(() => undefined);
    await Promise.all([...this.#closing]);
  }

  #canAuthorize(error: unknown, context: FailureContext): boolean {
    return (
      error instanceof UnauthorizedError &&
      !this.#closed &&
      !context.signal?.aborted &&
      this.#settings.options.authorization?.awaitCallback !== undefined
    );
  }

  async #authorizeOn(session: Session, context: FailureContext): Promise<void> {
    const authorization = this.#settings.options.authorization;
    if (!authorization) return;
    try {
      await finishAuthorization(session.transport, authorization, context.signal);
    } catch (error) {
      throw this.#fail(error, session, context);
    }
  }

  #fail(error: unknown, session: Session, context: FailureContext): McpConnectionError {
    if (this.#closed) return this.#closedError(context, error);
    const explained = explainMcpError(error, {
      ...context,
      diagnostics: this.#settings.diagnostics?.(),
      transportProblem: this.#transportProblem,
    });
    if (SESSION_BREAKING.has(explained.kind)) this.#discard(session);
    else if (explained.kind === 'timeout') session.suspect = true;
    return explained;
  }

  #closedError(context: FailureContext, cause?: unknown): McpConnectionError {
    const { name, where } = this.#settings;
    return new McpConnectionError(
      `MCP server "${name}" (${where}): ${context.action} failed: the connection was closed with close().`,
      { kind: 'closed', server: name, tool: context.tool, cause },
    );
  }

  async #verify(session: Session): Promise<void> {
    try {
      await session.client.ping({ timeout: Math.min(this.#settings.timeoutMs, PING_TIMEOUT_MAX_MS) });
      session.suspect = false;
    } catch {
      this.#discard(session);
    } finally {
      session.verifying = undefined;
    }
  }

  #settleOpening(opening: Promise<Session>): void {
    if (this.#opening === opening) this.#opening = undefined;
  }

  /** Connects; a reconnect that fails (other than by timing out) is tried once more. */
  async #openWithRetry(): Promise<Session> {
    try {
      return await this.#openOnce();
    } catch (error) {
      const retry =
        this.#connectedBefore && !this.#closed && (error as McpConnectionError).kind !== 'timeout';
      if (!retry) throw error;
    }
    await delay(RECONNECT_RETRY_DELAY_MS);
    return this.#openOnce();
  }

  async #openOnce(): Promise<Session> {
    const settings = this.#settings;
    const { options } = settings;
    const context = this.context(this.#connectedBefore ? 'reconnecting' : 'connecting', 'connect', undefined);
    if (this.#closed) throw this.#closedError(context);
    let session: Session;
    const handlers = settings.handlers();
    try {
      session = await openClient(settings.target, {
        clientInfo: options.clientInfo ?? DEFAULT_CLIENT_INFO,
        protocol: options.protocol ?? 'auto',
        connectTimeoutMs: settings.connectTimeoutMs,
        fetch: options.fetch,
        headers: options.headers,
        authorization: options.authorization,
        handlers,
        logLevel: options.logLevel,
        askingCalls: settings.askingCalls,
        server: settings.name,
        signal: this.#closer.signal,
        onToolsChanged: (client, tools) => {
          if (this.#session?.client === client) settings.onToolsChanged(tools);
        },
        onListChanged: (client, kind) => {
          if (this.#session?.client === client) settings.onListChanged(kind);
        },
        onTaskStatus: settings.onTaskStatus,
      });
      // A 2025 server is told the log level once (a 2026 one is asked on every request).
      await setLegacyLogLevel(session.client, askedLogLevel(handlers, options.logLevel), {
        server: settings.name,
        timeout: settings.connectTimeoutMs,
        signal: this.#closer.signal,
      });
    } catch (error) {
      throw explainMcpError(error, { ...context, diagnostics: settings.diagnostics?.() });
    }
    if (this.#closed) {
      await closeSession(session, true);
      throw this.#closedError(context);
    }
    this.#adopt(session);
    return session;
  }

  #adopt(session: Session): void {
    const { client } = session;
    client.onclose = () => {
      if (this.#session === session) this.#session = undefined;
    };
    client.onerror = (error) => {
      const problem = describeMessageProblem(error);
      if (problem) this.#transportProblem = problem;
    };
    this.#session = session;
    this.#transportProblem = undefined;
    const reconnected = this.#connectedBefore;
    this.#connectedBefore = true;
    this.#settings.onConnected(client, reconnected);
  }

  #discard(session: Session): void {
    if (this.#session === session) this.#session = undefined;
    const closing = closeSession(session, false);
    this.#closing.add(closing);
    closing.then(() => this.#closing.delete(closing));
  }
}
