import type { ParsedRealTool, ToolCatalog } from '../catalog/tool-catalog.ts';
import { DEFAULT_MAX_RESULT_LENGTH, truncateResult } from '../context/truncate-result.ts';
import { McpConnectionError } from '../mcp/connection/mcp-connection-error.ts';
import { RECALL_TOOL_NAME } from '../naming/recall-tool-name.ts';
import type { AgentSession } from '../session/agent-session.ts';
import type { AgentEventInput } from '../types/events.ts';
import type { CallServerRequests, ToolProgress, WebMcpToolDef } from '../types/layers.ts';
import type { ToolResultBlock, ToolUseBlock } from '../types/messages.ts';
import type { McpToolClient, ToolCall, ToolOutput } from '../types/tool-call.ts';
import { SchemaValidator } from '../validation/schema-validator.ts';
import { guardCall } from './guard-call.ts';
import { normalizeToolOutput } from './normalize-tool-output.ts';
import { errorText, validationFailedText } from './tool-result-text.ts';

/** Options of a {@link ToolDispatcher}. */
export interface DispatcherOptions {
  catalog: ToolCatalog;
  /** MCP clients by server name (the layer's serverName or its sanitized form). */
  mcpClients?: ReadonlyMap<string, McpToolClient>;
  /** Results longer than this are truncated for the model (default 10,000 characters). */
  maxResultLength?: number;
  truncateResults?: boolean;
  /** Per-call timeout in milliseconds (default 60 s). */
  timeoutMs?: number;
  callbacks?: { onToolCall?: (call: ToolCall) => void };
  validator?: SchemaValidator;
}

/** Per-run context of a dispatch. */
export interface DispatchContext {
  session: AgentSession;
  signal: AbortSignal;
  emit: (event: AgentEventInput) => void;
  /** Answers to what a server asks during a call of this run (elicitation, sampling). */
  serverRequests?: CallServerRequests;
}

/** The outcome of dispatching one tool_use block. */
export interface DispatchOutcome {
  result: ToolResultBlock;
  call: ToolCall;
}

const DISCOVERY_ROLES = new Set([
  'search_tools',
  'list_tools',
  'search_recipes',
  'list_recipes',
  'get_recipe',
]);

/**
 * Routes tool_use blocks: alias → catalog lookup → pseudo-tools → activation → validation → MCP or
 * WebMCP (re-emitting the effects a local tool emits) → truncation → ToolCall record. Never throws: every failure becomes an error
 * tool_result the model can act on.
 */
export class ToolDispatcher {
  readonly #options: DispatcherOptions;
  readonly #validator: SchemaValidator;

  constructor(options: DispatcherOptions) {
    this.#options = options;
    this.#validator = options.validator ?? new SchemaValidator();
  }

  /** The catalog this dispatcher routes through. */
  get catalog(): ToolCatalog {
    return this.#options.catalog;
  }

  async dispatch(block: ToolUseBlock, context: DispatchContext): Promise<DispatchOutcome> {
    const started = performance.now();
    const guided = context.session.discovered;
    const name = typeof block.name === 'string' ? block.name : String(block.name);
    const call: ToolCall = {
      id: block.id,
      name,
      resolvedName: name,
      args: block.input,
      result: '',
      elapsed: 0,
      guided,
    };
    let text: string;
    try {
      text = await this.#route(block, name, call, context);
    } catch (error) {
      call.error = describeError(error);
      if (error instanceof McpConnectionError && error.kind === 'unauthorized') {
        call.needsAuthorization = true;
        if (error.requiredScope) call.requiredScope = error.requiredScope;
      }
      text = errorText(call.error);
    }
    call.result = text;
    call.elapsed = Math.round(performance.now() - started);
    this.#options.callbacks?.onToolCall?.(call);
    const result: ToolResultBlock = { type: 'tool_result', tool_use_id: block.id, content: text };
    if (call.error) result.is_error = true;
    return { result, call };
  }

  async #route(block: ToolUseBlock, name: string, call: ToolCall, context: DispatchContext): Promise<string> {
    const { catalog } = this.#options;
    const resolvedName = catalog.resolveAlias(name);
    call.resolvedName = resolvedName;
    const parsed = catalog.parse(resolvedName);
    if (!parsed) {
      if (resolvedName === RECALL_TOOL_NAME) return this.#recall(block.input, call, context.session);
      call.error = unknownToolMessage(
        name,
        catalog.servers.map((entry) => entry.server),
      );
      return errorText(call.error);
    }
    if (parsed.kind !== 'global') call.server = parsed.server;
    call.tool = parsed.kind === 'tool' ? parsed.toolName : parsed.pseudo;
    const input = asInputObject(block.input);
    if (typeof input === 'string') {
      call.error = `the input of ${name} must be a JSON object of arguments, not ${input}`;
      return errorText(call.error);
    }

    if (parsed.kind !== 'tool') {
      const answer = await catalog.answerPseudoTool(parsed, input);
      if (answer.isError) call.error = answer.text;
      context.session.discovered = true;
      const revealed = context.session.revealTools(answer.revealed);
      if (revealed.length > 0)
        context.emit({ type: 'CUSTOM', name: 'tools_activated', value: { tools: revealed } });
      return answer.text;
    }

    if (parsed.protocol === 'webmcp' && parsed.toolName === RECALL_TOOL_NAME)
      return this.#recall(input, call, context.session);
    this.#activate(parsed, context);
    if (DISCOVERY_ROLES.has(parsed.toolName)) context.session.discovered = true;

    const args = catalog.restoreArgs(parsed.prefixedName, input) as Record<string, unknown>;
    const schema = catalog.validationSchema(parsed.prefixedName) ?? parsed.tool.inputSchema;
    const validation = this.#validator.validate(schema, args);
    if (!validation.valid) {
      call.error = 'Validation failed';
      return validationFailedText(validation.issues, schema);
    }

    const output = await this.#execute(parsed, args, block.id, context);
    if (output.isError) call.error = output.text.slice(0, 500);
    if (parsed.protocol === 'mcp' && output.value !== undefined) call.structuredContent = output.value;
    return this.#fit(output.text, block.id, context.session);
  }

  #activate(parsed: ParsedRealTool, context: DispatchContext): void {
    if (this.#options.catalog.discoveryMode === 'global') {
      // Global discovery keeps the tool list small: a call makes that tool callable, not its whole server.
      const added = context.session.revealTools([parsed.prefixedName]);
      if (added.length > 0)
        context.emit({ type: 'CUSTOM', name: 'tools_activated', value: { tools: added } });
      return;
    }
    const key = serverKey(parsed.server, parsed.protocol);
    if (context.session.activateServer(key)) {
      // Activation appends the server's tools to the session's ordered tool list (prompt-cache friendly).
      context.session.revealTools([...(this.#options.catalog.serverOf(parsed.layer)?.toolNames ?? [])]);
      context.emit({
        type: 'CUSTOM',
        name: 'tools_activated',
        value: { server: parsed.server, protocol: parsed.protocol },
      });
    }
  }

  async #execute(
    parsed: ParsedRealTool,
    args: Record<string, unknown>,
    toolCallId: string,
    context: DispatchContext,
  ): Promise<ToolOutput> {
    const timeoutMs = this.#options.timeoutMs ?? 60_000;
    const onProgress = (progress: ToolProgress) =>
      context.emit({ type: 'CUSTOM', name: 'tool_progress', value: { toolCallId, ...progress } });

    if ('executedBy' in parsed.layer) {
      throw new Error(`${parsed.prefixedName} runs on the client; the loop must hand it to the client`);
    }
    if (parsed.protocol === 'mcp') {
      const client =
        this.#options.mcpClients?.get(parsed.layer.serverName) ??
        this.#options.mcpClients?.get(parsed.server);
      if (!client)
        throw new Error(
          `no MCP client available for tool ${parsed.prefixedName} (server "${parsed.server}" is not connected)`,
        );
      return guardCall(context.signal, timeoutMs, parsed.prefixedName, (signal, deadline) =>
        client.callTool(parsed.toolName, args, {
          signal,
          onProgress: (progress) => {
            deadline.touch();
            onProgress(progress);
          },
          serverRequests: context.serverRequests,
          holdDeadline: () => deadline.hold(),
        }),
      );
    }
    const tool = parsed.tool as Partial<WebMcpToolDef>;
    if (typeof tool.execute !== 'function') {
      throw new Error(`no WebMCP server "${parsed.server}" handles ${parsed.toolName}`);
    }
    const execute = tool.execute;
    const value = await guardCall(context.signal, timeoutMs, parsed.prefixedName, async (signal, deadline) =>
      execute(args, {
        signal,
        onProgress: (progress) => {
          deadline.touch();
          onProgress(progress);
        },
        toolCallId,
        emit: (name, effect) => context.emit({ type: 'CUSTOM', name, value: effect } as AgentEventInput),
      }),
    );
    return normalizeToolOutput(value);
  }

  #recall(input: unknown, call: ToolCall, session: AgentSession): string {
    const id = typeof input === 'object' && input !== null ? (input as { id?: unknown }).id : undefined;
    call.tool = RECALL_TOOL_NAME;
    if (typeof id !== 'string' || id.length === 0) {
      call.error = 'recall needs {"id": "<tool_use_id>"}';
      return errorText(call.error);
    }
    const full = session.results.get(id);
    if (full === undefined) {
      call.error = `No result found for id '${id}'. Known ids: ${session.results.ids().slice(-20).join(', ') || 'none'}`;
      return errorText(call.error);
    }
    return full;
  }

  #fit(text: string, id: string, session: AgentSession): string {
    const max = this.#options.maxResultLength ?? DEFAULT_MAX_RESULT_LENGTH;
    if (this.#options.truncateResults === false || text.length <= max) return text;
    session.results.set(id, text);
    return truncateResult(text, max, `recall('${id}')`);
  }
}

/** The activation key of a server: `{protocol}:{server}` (unambiguous, unlike `{server}_{protocol}`). */
export function serverKey(server: string, protocol: string): string {
  return `${protocol}:${server}`;
}

function asInputObject(input: unknown): Record<string, unknown> | string {
  if (input === undefined || input === null) return {};
  if (typeof input === 'string') {
    try {
      return asInputObject(JSON.parse(input));
    } catch {
      return 'a string that is not JSON';
    }
  }
  if (typeof input !== 'object') return `a ${typeof input}`;
  if (Array.isArray(input)) return 'an array';
  const record = input as Record<string, unknown>;
  if (typeof record.__parse_error === 'string') return `malformed JSON (${record.__parse_error})`;
  const clean: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    clean[key] = record[key];
  }
  return clean;
}

function unknownToolMessage(name: string, servers: string[]): string {
  const shown = servers.slice(0, 30).join(', ');
  return (
    `unknown tool "${name.slice(0, 200)}". Tool names look like {server}_{mcp|webmcp}_{tool}` +
    (servers.length > 0 ? `; connected servers: ${shown}${servers.length > 30 ? ', …' : ''}` : '') +
    '. Use a search_tools or list_tools tool to find the right name.'
  );
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
