import type {
  CallToolResult,
  CompleteRequestParams,
  CompleteResult,
  GetPromptResult,
  InputRequiredResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType as ResourceTemplate,
} from '@modelcontextprotocol/client';
import { type Skill, type SkillFile, SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import type { McpLayer, McpToolDef, ToolCallContext } from '../../types/layers.ts';
import type { McpServerRequestHandlers } from '../../types/server-requests.ts';
import type { McpToolClient, ToolOutput } from '../../types/tool-call.ts';
import { AskingCalls } from '../calls/asking-calls.ts';
import { type InputRound, withInputRound } from '../calls/input-round.ts';
import { toToolOutput } from '../calls/to-tool-output.ts';
import { ToolCaller } from '../calls/tool-caller.ts';
import { withMessageSizeLimit } from '../wire/message-size-limit.ts';
import { ChangeListeners } from './change-listeners.ts';
import type { McpConnectionOptions } from './connection-options.ts';
import { resolveConnectionTimeouts } from './connection-timeouts.ts';
import { explainMcpError } from './explain-error.ts';
import type { McpConnectionInfo } from './mcp-connection-info.ts';
import type { ListedKind } from './open-client.ts';
import { raceSignal } from './promise-timing.ts';
import { ResourceSubscriber } from './resource-subscriber.ts';
import { SessionKeeper } from './session-keeper.ts';
import { ToolList, type ToolsChangedListener } from './tool-list.ts';
import { resolveTarget } from './transport-target.ts';

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
  private readonly sessions: SessionKeeper;
  private readonly tools: ToolList;
  private readonly calls: ToolCaller;
  private readonly subscriptions: ResourceSubscriber;
  private readonly resourceListeners = new ChangeListeners<string>();
  /** Told of the server's `resources/list_changed` and `prompts/list_changed`. */
  private readonly listChanges = {
    resources: new ChangeListeners<void>(),
    prompts: new ChangeListeners<void>(),
  } satisfies Record<ListedKind, ChangeListeners<void>>;

  constructor(options: McpConnectionOptions) {
    if (!options.name.trim()) throw new TypeError('McpConnection: `name` must be a non-empty string.');
    this.name = options.name;
    this.options = options;
    const { timeoutMs, connectTimeoutMs } = resolveConnectionTimeouts(options);
    this.timeoutMs = timeoutMs;
    const { target, where, diagnostics } = resolveTarget(options.transport);
    this.tools = new ToolList(options.name, target);
    const asking = new AskingCalls();
    this.sessions = new SessionKeeper({
      name: options.name,
      where,
      target,
      options: withMessageSizeLimit(options),
      timeoutMs,
      connectTimeoutMs,
      diagnostics,
      handlers: () => this.serverRequestHandlers(),
      askingCalls: asking,
      onToolsChanged: (tools) => this.tools.update(tools),
      onListChanged: (kind) => this.listChanges[kind].notify(),
      onTaskStatus: (task) => this.calls.taskStatuses.notify(task),
      onConnected: (client, reconnected) => {
        this.tools.description =
          options.description ??
          (client.getInstructions()?.trim() ||
            client.getServerVersion()?.description ||
            client.getServerVersion()?.title ||
            undefined);
        if (reconnected && this.tools.listed) this.listTools().catch(() => undefined);
      },
      onClosing: async () => {
        this.tools.listeners.clear();
        this.resourceListeners.clear();
        this.listChanges.resources.clear();
        this.listChanges.prompts.clear();
        await this.subscriptions.close();
      },
    });
    this.calls = new ToolCaller({
      sessions: this.sessions,
      asking,
      tools: this.tools,
      ensureListed: (signal) => this.layer({ signal }),
      timeoutMs,
      maxTotalTimeoutMs: options.maxTotalTimeoutMs,
    });
    this.subscriptions = new ResourceSubscriber(this.sessions);
  }

  /** Current state, negotiated protocol and server identity. */
  get info(): McpConnectionInfo {
    const session = this.sessions.session;
    const client = session?.client;
    return {
      status: this.sessions.status,
      transport: session?.kind,
      protocolVersion: client?.getNegotiatedProtocolVersion(),
      serverInfo: client?.getServerVersion(),
      instructions: client?.getInstructions(),
    };
  }

  /** Connects now instead of on first use. Resolves once the handshake is done. */
  async connect(options: McpRequestOptions = {}): Promise<void> {
    await this.sessions.acquire(this.sessions.context('connecting', 'connect', options.signal));
  }

  /** Lists all the server's tools (every page) and remembers them for {@link layer}. */
  async listTools(options: McpRequestOptions = {}): Promise<McpToolDef[]> {
    const result = await this.sessions.ask('listing tools', options.signal, (client, request) =>
      client.listTools(undefined, request),
    );
    return this.tools.update(result.tools);
  }

  /**
   * The server's tools as a layer (connecting and listing them first if needed). Callers that
   * arrive while the first listing runs wait for it instead of each asking the server; a caller's
   * signal ends its own wait, not the listing.
   */
  async layer(options: McpRequestOptions = {}): Promise<McpLayer> {
    if (!this.tools.listed) {
      const listing = this.tools.firstListing(() => this.listTools());
      const context = this.sessions.context('listing tools', 'request', options.signal);
      await raceSignal(listing, options.signal, () => explainMcpError(options.signal?.reason, context));
    }
    return this.tools.layer();
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
  callToolResult(
    toolName: string,
    args: Record<string, unknown>,
    context: ToolCallContext,
  ): Promise<CallToolResult> {
    return this.calls.call(toolName, args, context);
  }

  /**
   * Whether the server asks its questions in `input_required` rounds (it speaks MCP 2026-07-28),
   * so that a host may relay them to its own client with {@link callToolRound}; connects first
   * if needed. A 2025-era server asks by requests to the connection's handlers instead.
   */
  async asksInRounds(options: McpRequestOptions = {}): Promise<boolean> {
    const session = await this.sessions.acquire(
      this.sessions.context('connecting', 'connect', options.signal),
    );
    return session.client.getProtocolEra() === 'modern';
  }

  /**
   * One round of a tool call made for another client (see {@link InputRound}): resolves with the
   * server's `CallToolResult`, or with its `input_required` answer as it came (keys, request state),
   * for the caller to put to its client and call again with the answers. Like {@link callTool}
   * otherwise (progress, timeout, cancelling through `context.signal`).
   */
  callToolRound(
    toolName: string,
    args: Record<string, unknown>,
    round: InputRound,
    context: ToolCallContext,
  ): Promise<CallToolResult | InputRequiredResult> {
    return this.calls.round(toolName, args, round, context);
  }

  /** Like {@link getPrompt}, one round made for another client: the server's `input_required` comes back as it is. */
  getPromptRound(
    name: string,
    args: Record<string, string>,
    round: InputRound,
    options: McpRequestOptions = {},
  ): Promise<GetPromptResult | InputRequiredResult> {
    return this.sessions.ask(`getting prompt "${name}"`, options.signal, (client, request) =>
      client.getPrompt(withInputRound({ name, arguments: args }, round), {
        ...request,
        allowInputRequired: true,
      }),
    );
  }

  /** Lists the server's resources (every page). */
  async listResources(options: McpRequestOptions = {}): Promise<Resource[]> {
    const result = await this.sessions.ask('listing resources', options.signal, (client, request) =>
      client.listResources(undefined, request),
    );
    return result.resources;
  }

  /** Reads one resource by URI. */
  readResource(uri: string, options: McpRequestOptions = {}): Promise<ReadResourceResult> {
    return this.sessions.ask(`reading resource "${uri}"`, options.signal, (client, request) =>
      client.readResource({ uri }, request),
    );
  }

  /** Lists the server's resource templates (every page). */
  async listResourceTemplates(options: McpRequestOptions = {}): Promise<ResourceTemplate[]> {
    const result = await this.sessions.ask('listing resource templates', options.signal, (client, request) =>
      client.listResourceTemplates(undefined, request),
    );
    return result.resourceTemplates;
  }

  /**
   * Asks the server to send `notifications/resources/updated` for one resource (see
   * {@link onResourceUpdated}): `resources/subscribe` in the 2025 protocols, a
   * `subscriptions/listen` stream for the resource in 2026-07-28.
   */
  subscribeResource(uri: string, options: McpRequestOptions = {}): Promise<void> {
    return this.subscriptions.subscribe(uri, options.signal);
  }

  /** Ends a {@link subscribeResource} subscription. */
  unsubscribeResource(uri: string, options: McpRequestOptions = {}): Promise<void> {
    return this.subscriptions.unsubscribe(uri, options.signal);
  }

  /**
   * Lists the server's skills (the skills extension, SEP-2640; every page): each entry names its
   * `SKILL.md`, its frontmatter and its files with their sizes and digests. Nothing of a skill is
   * read until it is loaded ({@link readSkill}). Empty for a server without the extension; throws
   * on an invalid entry.
   */
  async listSkills(options: McpRequestOptions = {}): Promise<Skill[]> {
    const listing = await this.sessions.ask('listing skills', options.signal, (client, request) =>
      new SkillsClient(client).list(undefined, request),
    );
    return listing.skills;
  }

  /**
   * Reads one file of a listed skill (its `SKILL.md` by default, else `ref`, relative to the skill's
   * root) and verifies it against the entry: listed, of the listed size and digest, and for
   * `SKILL.md` with the entry's frontmatter. A file that fails a check is not returned: the
   * {@link McpConnectionError} has the SDK's `SkillVerificationError` as its cause (its `reason`:
   * `unlisted`, `size`, `digest` or `frontmatter`).
   */
  readSkill(skill: Skill, ref?: string, options: McpRequestOptions = {}): Promise<SkillFile> {
    return this.sessions.ask(`reading skill file "${ref ?? skill.uri}"`, options.signal, (client, request) =>
      new SkillsClient(client).read(skill, ref, request),
    );
  }

  /** Lists the server's prompts (every page). */
  async listPrompts(options: McpRequestOptions = {}): Promise<Prompt[]> {
    const result = await this.sessions.ask('listing prompts', options.signal, (client, request) =>
      client.listPrompts(undefined, request),
    );
    return result.prompts;
  }

  /** Gets one prompt, filled with its arguments. */
  getPrompt(
    name: string,
    args: Record<string, string> = {},
    options: McpRequestOptions = {},
  ): Promise<GetPromptResult> {
    return this.sessions.ask(`getting prompt "${name}"`, options.signal, (client, request) =>
      client.getPrompt({ name, arguments: args }, request),
    );
  }

  /** Asks the server for completions of a prompt's or resource template's argument (`completion/complete`). */
  complete(params: CompleteRequestParams, options: McpRequestOptions = {}): Promise<CompleteResult> {
    return this.sessions.ask('completing an argument', options.signal, (client, request) =>
      client.complete(params, request),
    );
  }

  /**
   * Subscribes to tool-list changes (the server's `tools/list_changed`, or a different list
   * found after a reconnect). The listener gets the updated layer; errors it throws are
   * ignored. Returns the unsubscribe function.
   */
  onToolsChanged(listener: ToolsChangedListener): () => void {
    return this.tools.listeners.add(listener);
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
  close(): Promise<void> {
    return this.sessions.close();
  }

  /** The connection's own handlers, with elicitation and sampling routed to the call that asked. */
  private serverRequestHandlers(): McpServerRequestHandlers {
    const own = this.options.handlers ?? {};
    const fromCalls = this.options.answerThroughCalls ?? [];
    const { running } = this.calls;
    return {
      ...own,
      elicitation: running.handler('elicitation', fromCalls.includes('elicitation'), own.elicitation),
      sampling: running.handler('sampling', fromCalls.includes('sampling'), own.sampling),
      onLog: running.logReceiver(fromCalls.includes('log'), own.onLog),
      onResourceUpdated: (uri) => {
        own.onResourceUpdated?.(uri);
        this.resourceListeners.notify(uri);
      },
    };
  }
}
