import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { AuthInfo, McpServerFactory } from '@modelcontextprotocol/server';

/** A test client connected in process to one server instance. */
export interface InMemoryConnection {
  client: Client;
  /** Calls a tool and returns its first text block and error flag. */
  call(name: string, args?: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
  /** Calls a tool that answers JSON and returns the parsed value; fails the test on a tool error. */
  callJson<T = Record<string, unknown>>(name: string, args?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Connects a real MCP client to a server from `createServer` over an in-memory transport pair.
 * `authInfo`, when given, is attached to every request as if a gateway had authenticated it.
 */
export async function connectInMemory(
  createServer: McpServerFactory,
  authInfo?: AuthInfo,
): Promise<InMemoryConnection> {
  const server = await createServer({ era: 'legacy', authInfo });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  if (authInfo) {
    const send = clientTransport.send.bind(clientTransport);
    clientTransport.send = (message, options) => send(message, { ...options, authInfo });
  }
  await server.connect(serverTransport);
  const client = new Client({ name: 'servers-test', version: '0.0.0' });
  await client.connect(clientTransport, { prior: { kind: 'legacy' } });

  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    const first = (result.content as { type: string; text?: string }[])[0];
    return { text: first?.type === 'text' ? (first.text ?? '') : '', isError: result.isError === true };
  };
  return {
    client,
    call,
    async callJson<T>(name: string, args: Record<string, unknown> = {}) {
      const { text, isError } = await call(name, args);
      if (isError) throw new Error(`${name} failed: ${text}`);
      return JSON.parse(text) as T;
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}
