import {
  Client,
  type FetchLike,
  type Implementation,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/client';
import type { McpProtocolMode } from './connection-options.ts';
import { snippet } from './explain-error.ts';

/** The transport that carries a connection. */
export type McpTransportKind = 'streamable-http' | 'sse' | 'in-memory' | 'custom';

/** Where to connect: an HTTP endpoint, or a factory for any other transport. */
export type ClientTarget =
  | { type: 'http'; url: URL; sseFallback: boolean }
  | { type: 'sse'; url: URL }
  | { type: 'factory'; kind: 'in-memory' | 'custom'; create: () => Promise<Transport> };

/** How to build and connect the SDK client. */
export interface ClientSettings {
  clientInfo: Implementation;
  protocol: McpProtocolMode;
  connectTimeoutMs: number;
  fetch?: FetchLike;
  headers?: Record<string, string>;
  /** Abandons the handshake when aborted (the connection is being closed). */
  signal?: AbortSignal;
  /** Called with the fresh tool list after the server announced `tools/list_changed`. */
  onToolsChanged: (client: Client, tools: Tool[]) => void;
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
  if (target.type === 'sse')
    return connectClient(settings, 'legacy', sseTransport(target.url, settings), 'sse');
  try {
    return await connectClient(
      settings,
      settings.protocol,
      streamableTransport(target.url, settings),
      'streamable-http',
    );
  } catch (error) {
    const pinned = typeof settings.protocol === 'object';
    if (!target.sseFallback || pinned || !refusesStreamableHttp(error)) throw error;
    try {
      return await connectClient(settings, 'legacy', sseTransport(target.url, settings), 'sse');
    } catch (sseError) {
      throw new Error(
        `Streamable HTTP was refused (${describe(error)}) and the legacy SSE transport failed too (${describe(sseError)})`,
        { cause: error },
      );
    }
  }
}

async function connectClient(
  settings: ClientSettings,
  protocol: McpProtocolMode,
  transport: Transport,
  kind: McpTransportKind,
): Promise<OpenedClient> {
  const client: Client = new Client(settings.clientInfo, {
    versionNegotiation: {
      mode: protocol === 'auto' || protocol === 'legacy' ? protocol : { pin: protocol.pin },
    },
    listChanged: {
      tools: {
        onChanged: (error, tools) => {
          if (!error && tools) settings.onToolsChanged(client, tools);
        },
      },
    },
  });
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
    fetch: settings.fetch,
    requestInit: settings.headers ? { headers: settings.headers } : undefined,
  });
}

function sseTransport(url: URL, settings: ClientSettings): SSEClientTransport {
  return new SSEClientTransport(url, {
    fetch: settings.fetch,
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
