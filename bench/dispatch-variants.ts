/** The clients bench:dispatch compares, each as a {@link Variant} that calls `echo` once and checks the answer. */

import { createMCPClient } from '@ai-sdk/mcp';
import {
  Client,
  type FetchLike,
  InMemoryTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import type { McpToolClient } from '@switchboard/core';
import { AgentSession, McpConnection, ToolCatalog, ToolDispatcher } from '@switchboard/core';
import { Agent, request } from 'undici';
import { echoServer } from './echo-server.ts';
import type { Variant } from './measure.ts';

/** A variant and the means to release what it opened. */
export interface OpenVariant extends Variant {
  close(): Promise<void>;
}

/** The headers and body of a `tools/call` POST as a client sent it. */
export interface CapturedCall {
  headers: Record<string, string>;
  body: string;
}

const TEXT = 'hi';

function expectEcho(text: string | undefined, who: string): void {
  if (text !== TEXT) throw new Error(`${who}: expected the echo "${TEXT}", got ${JSON.stringify(text)}`);
}

/** Wraps a fetch to record the `tools/call` POSTs it sends. */
export function capturing(fetch: FetchLike, calls: CapturedCall[]): FetchLike {
  return (url, init) => {
    if (typeof init?.body === 'string' && init.body.includes('"tools/call"')) {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      calls.push({ headers, body: init.body });
    }
    return fetch(url, init);
  };
}

/** The floor: the same `tools/call` POST replayed with undici's `request` over a keep-alive pool. */
export function rawPost(name: string, url: string, call: CapturedCall): OpenVariant {
  const agent = new Agent();
  return {
    name,
    run: async () => {
      const response = await request(url, {
        dispatcher: agent,
        method: 'POST',
        headers: call.headers,
        body: call.body,
      });
      const text = await response.body.text();
      if (response.statusCode !== 200 || !text.includes(`"text":"${TEXT}"`)) {
        throw new Error(`${name}: unexpected answer ${response.statusCode} ${text.slice(0, 200)}`);
      }
    },
    close: () => agent.close(),
  };
}

/** The official SDK client with its defaults (or with the given fetch). */
export async function sdkClient(name: string, url: string, fetch?: FetchLike): Promise<OpenVariant> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), fetch ? { fetch } : undefined));
  return {
    name,
    run: async () => {
      const result = await client.callTool({ name: 'echo', arguments: { text: TEXT } });
      const [first] = result.content as Array<{ text?: string }>;
      expectEcho(first?.text, name);
    },
    close: () => client.close(),
  };
}

/** The Vercel AI SDK's MCP client, calling the tool the way the AI SDK does (its `execute`). */
export async function aiSdkClient(name: string, url: string): Promise<OpenVariant> {
  const client = await createMCPClient({ transport: { type: 'http', url } });
  const tools = await client.tools();
  const echo = tools.echo as unknown as {
    execute: (args: unknown, options: unknown) => Promise<{ content: Array<{ text?: string }> }>;
  };
  let id = 0;
  return {
    name,
    run: async () => {
      const result = await echo.execute({ text: TEXT }, { toolCallId: `call_${id++}`, messages: [] });
      expectEcho(result.content[0]?.text, name);
    },
    close: () => client.close(),
  };
}

/** Our path: `ToolDispatcher.dispatch()` (catalog lookup, validation, bookkeeping) over an MCP connection. */
export async function dispatcherOver(
  name: string,
  connection: McpConnection,
  serverName = 'bench',
): Promise<OpenVariant> {
  const catalog = new ToolCatalog([await connection.layer()]);
  const mcpClients = new Map<string, McpToolClient>([[serverName, connection]]);
  const dispatcher = new ToolDispatcher({ catalog, mcpClients });
  const context = { session: new AgentSession(), signal: new AbortController().signal, emit: () => {} };
  const toolName = `${serverName}_mcp_echo`;
  let id = 0;
  return {
    name,
    run: async () => {
      const block = { type: 'tool_use' as const, id: `toolu_${id++}`, name: toolName, input: { text: TEXT } };
      const { result } = await dispatcher.dispatch(block, context);
      expectEcho(result.is_error ? `error: ${result.content}` : (result.content as string), name);
    },
    close: () => connection.close(),
  };
}

/** An MCP connection to {@link echoServer} in this process, over the SDK's in-memory transport. */
export function inMemoryConnection(): McpConnection {
  return new McpConnection({
    name: 'bench',
    transport: {
      type: 'in-memory',
      transport: async () => {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await echoServer().connect(serverSide);
        return clientSide;
      },
    },
  });
}
