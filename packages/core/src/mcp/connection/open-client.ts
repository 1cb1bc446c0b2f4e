import {
  type Client,
  type FetchLike,
  type Implementation,
  type LoggingLevel,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  specTypeSchemas,
  type Task,
  type Tool,
  type Transport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { McpServerRequestHandlers } from '../../types/server-requests.ts';
import { LinearJsonSchemaValidator } from '../../validation/linear-json-schema-validator.ts';
import { finishAuthorization } from '../auth/finish-authorization.ts';
import type { McpAuthorization } from '../auth/mcp-authorization.ts';
import type { AskingCalls } from '../calls/asking-calls.ts';
import { CallAwareClient } from '../calls/call-aware-client.ts';
import {
  askedLogLevel,
  clientCapabilities,
  registerServerRequestHandlers,
} from '../calls/server-requests.ts';
import type { McpProtocolMode } from './connection-options.ts';
import { snippet } from './explain-error.ts';

/** The lists besides tools whose changes a server announces (`notifications/{kind}/list_changed`). */
export type ListedKind = 'resources' | 'prompts';

/** The transport that carries a connection. */
export type McpTransportKind = 'streamable-http' | 'sse' | 'in-memory' | 'custom';

/** Where to connect: an HTTP endpoint, or a factory for any other transport. */
export type ClientTarget =
  | { type: 'http'; url: URL; sseFallback: boolean }
  | { type: 'sse'; url: URL }
  | { type: 'factory'; kind: 'in-memory' | 'custom'; create: () => Promise<Transport> };

/** How to build and connect the SDK client. */
export interface ClientSettings {
  /** The server's name, passed to the handlers of its requests. */
  server: string;
  clientInfo: Implementation;
  protocol: McpProtocolMode;
  connectTimeoutMs: number;
  fetch?: FetchLike;
  headers?: Record<string, string>;
  /** OAuth for HTTP targets: a `401` starts the authorization flow. */
  authorization?: McpAuthorization;
  /** Answers to the server's own requests (elicitation, sampling, roots) and its log messages. */
  handlers: McpServerRequestHandlers;
  /** The least severe log message asked of the server when `handlers.onLog` receives them. Default `'info'`. */
  logLevel?: LoggingLevel;
  /** Tells which tool call a server's request or log message belongs to, where the transport can. */
  askingCalls: AskingCalls;
  /** Abandons the handshake when aborted (the connection is being closed). */
  signal?: AbortSignal;
  /** Called with the fresh tool list after the server announced `tools/list_changed`. */
  onToolsChanged: (client: Client, tools: Tool[]) => void;
  /** Called after the server announced that its resources or prompts changed (nothing is re-listed). */
  onListChanged: (client: Client, kind: ListedKind) => void;
  /** Called with each task status the server announces (`notifications/tasks/status`). */
  onTaskStatus: (task: Task) => void;
}

/** A connected SDK client and the transport under it. */
export interface OpenedClient {
  client: Client;
  transport: Transport;
  kind: McpTransportKind;
}

/**
 * Creates an SDK client and connects it to the target, running the protocol handshake
 * (with version negotiation). For HTTP targets, a server that refuses Streamable HTTP with
 * a 4xx status is retried over the legacy SSE transport (unless a modern revision is pinned).
 */
export async function openClient(target: ClientTarget, settings: ClientSettings): Promise<OpenedClient> {
  if (target.type === 'factory')
    return connectClient(settings, settings.protocol, await target.create(), target.kind);
  if (target.type === 'sse') {
    const reopen = () => sseTransport(target.url, settings);
    return connectClient(settings, 'legacy', reopen(), 'sse', reopen);
  }
  try {
    const reopen = () => streamableTransport(target.url, settings);
    return await connectClient(settings, settings.protocol, reopen(), 'streamable-http', reopen);
  } catch (error) {
    const pinned = typeof settings.protocol === 'object';
    if (!target.sseFallback || pinned || !refusesStreamableHttp(error)) throw error;
    try {
      const reopen = () => sseTransport(target.url, settings);
      return await connectClient(settings, 'legacy', reopen(), 'sse', reopen);
    } catch (sseError) {
      throw new Error(
        `Streamable HTTP was refused (${describe(error)}) and the legacy SSE transport failed too (${describe(sseError)})`,
        { cause: error },
      );
    }
  }
}

/**
 * Connects; when the server wants the user's authorization first and the settings can wait
 * for it, finishes the flow on that transport and connects once more on a fresh one.
 */
async function connectClient(
  settings: ClientSettings,
  protocol: McpProtocolMode,
  transport: Transport,
  kind: McpTransportKind,
  reopen?: () => Transport,
): Promise<OpenedClient> {
  try {
    return await connectOnce(settings, protocol, transport, kind);
  } catch (error) {
    const { authorization } = settings;
    if (!(error instanceof UnauthorizedError) || !reopen || !authorization?.awaitCallback) throw error;
    await finishAuthorization(transport, authorization, settings.signal);
    return connectOnce(settings, protocol, reopen(), kind);
  }
}

async function connectOnce(
  settings: ClientSettings,
  protocol: McpProtocolMode,
  transport: Transport,
  kind: McpTransportKind,
): Promise<OpenedClient> {
  const client: Client = new CallAwareClient(
    settings.clientInfo,
    {
      capabilities: clientCapabilities(settings.handlers),
      jsonSchemaValidator: new LinearJsonSchemaValidator(),
      versionNegotiation: {
        mode: protocol === 'auto' || protocol === 'legacy' ? protocol : { pin: protocol.pin },
      },
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (!error && tools) settings.onToolsChanged(client, tools);
          },
        },
        resources: { autoRefresh: false, onChanged: () => settings.onListChanged(client, 'resources') },
        prompts: { autoRefresh: false, onChanged: () => settings.onListChanged(client, 'prompts') },
      },
    },
    settings.askingCalls,
    askedLogLevel(settings.handlers, settings.logLevel),
  );
  registerServerRequestHandlers(client, settings.server, settings.handlers, settings.askingCalls);
  client.setNotificationHandler(
    'notifications/tasks/status',
    { params: specTypeSchemas.TaskStatusNotificationParams },
    settings.onTaskStatus,
  );
  // Closing the transport fails whatever the handshake waits for (the SDK's version probe takes no signal).
  const abandon = () => void transport.close().catch(() => undefined);
  settings.signal?.addEventListener('abort', abandon, { once: true });
  try {
    await client.connect(transport, { timeout: settings.connectTimeoutMs });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  } finally {
    settings.signal?.removeEventListener('abort', abandon);
  }
  return { client, transport, kind };
}

function streamableTransport(url: URL, settings: ClientSettings): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(url, {
    fetch: settings.askingCalls.fetch(settings.fetch),
    authProvider: settings.authorization?.provider,
    // Without a way to wait for the person, a step-up cannot finish here: report the scope the
    // server asked for (InsufficientScopeError) rather than start an authorization nobody sees.
    onInsufficientScope: settings.authorization?.awaitCallback ? 'reauthorize' : 'throw',
    requestInit: settings.headers ? { headers: settings.headers } : undefined,
  });
}

function sseTransport(url: URL, settings: ClientSettings): SSEClientTransport {
  return new SSEClientTransport(url, {
    fetch: settings.fetch,
    authProvider: settings.authorization?.provider,
    requestInit: settings.headers ? { headers: settings.headers } : undefined,
  });
}

/** A 4xx answer (other than an auth wall) to the Streamable HTTP handshake: the server may speak only SSE. */
function refusesStreamableHttp(error: unknown): boolean {
  return (
    error instanceof SdkHttpError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 403
  );
}

function describe(error: unknown): string {
  if (error instanceof SdkHttpError) return `HTTP ${error.status}`;
  return snippet(error instanceof Error ? error.message : String(error), 160);
}
