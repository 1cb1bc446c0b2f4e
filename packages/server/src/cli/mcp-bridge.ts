import type { Readable, Writable } from 'node:stream';
import {
  isInitializeRequest,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

/** Options of {@link bridgeStdioToGateway}. */
export interface McpBridgeOptions {
  /** The gateway's base URL (`http://127.0.0.1:8787`). */
  url: string;
  /** The user's API key, sent as a bearer token (an open gateway needs none). */
  key?: string;
  /** `discovery` or `aggregate` (default: the gateway decides). */
  mode?: string;
  input?: Readable;
  output?: Writable;
  /** Where the bridge says what went wrong (never the key). */
  errors?: Writable;
}

/** A running bridge. */
export interface McpBridge {
  /** Resolves when either side closed. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * `switchboard mcp`: for MCP clients that only launch processes, relays JSON-RPC between stdio and
 * the gateway's `/mcp` (Streamable HTTP, with the API key as bearer token), message for message:
 * the HTTP side keeps the session, the negotiated protocol version and the stream of the gateway's
 * own requests and notifications. A request the gateway cannot be reached for is answered with a
 * JSON-RPC error saying why.
 */
export async function bridgeStdioToGateway(options: McpBridgeOptions): Promise<McpBridge> {
  const endpoint = new URL('/mcp', options.url);
  if (options.mode) endpoint.searchParams.set('mode', options.mode);
  const http = new StreamableHTTPClientTransport(endpoint, {
    requestInit: options.key ? { headers: { authorization: `Bearer ${options.key}` } } : undefined,
  });
  const stdio = new StdioServerTransport(options.input, options.output);
  const initializing = new Set<string | number>();
  const say = (text: string) => options.errors?.write(`switchboard mcp: ${text}\n`);
  let finish = () => {};
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
  });

  stdio.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message) && isInitializeRequest(message)) initializing.add(message.id);
    http.send(message).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      say(`could not reach ${endpoint.origin}${endpoint.pathname}: ${reason}`);
      if (isJSONRPCRequest(message)) {
        void stdio
          .send({
            jsonrpc: '2.0',
            id: message.id,
            error: { code: -32603, message: `Switchboard gateway at ${endpoint.origin}: ${reason}` },
          })
          .catch(() => undefined);
      }
    });
  };
  http.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCResultResponse(message) && initializing.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') http.setProtocolVersion(version);
    }
    void stdio.send(message).catch(() => undefined);
  };
  http.onerror = (error) => say(error.message);
  stdio.onerror = (error) => say(error.message);
  const close = async () => {
    await Promise.allSettled([stdio.close(), http.close()]);
    finish();
  };
  stdio.onclose = () => void close();
  http.onclose = () => void close();
  await http.start();
  await stdio.start();
  return { closed, close };
}
