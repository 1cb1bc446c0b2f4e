import { randomUUID } from 'node:crypto';
import {
  type AuthInfo,
  isInitializeRequest,
  type Server,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { ReadRequest } from './read-json-body.ts';

/** Sessions idle longer than this are closed (ms). */
const IDLE_MS = 30 * 60_000;

/** How many sessions a replica keeps: per user (their least recently used is closed first) and in all. */
export interface SessionCaps {
  /** Default 100. */
  perUser?: number;
  /** Default 10 000; past it new sessions are refused (503), nobody else's are closed. */
  total?: number;
}

interface Session {
  userId: string;
  transport: WebStandardStreamableHTTPServerTransport;
  usedAt: number;
}

/**
 * The 2025-protocol sessions of `/mcp` (Streamable HTTP with `Mcp-Session-Id`): each is bound to
 * the user who opened it — another user's key naming it gets 404, as for an unknown session — and
 * holds the MCP server of that connection (its activated tools, its client's capabilities).
 * Sessions live on the replica that opened them. Caps are per user: a user's new session closes
 * only that user's least recently used one, never someone else's (see {@link SessionCaps}).
 */
export class EndpointSessions {
  readonly #sessions = new Map<string, Session>();
  readonly #perUser: number;
  readonly #total: number;

  constructor(caps: SessionCaps = {}) {
    this.#perUser = caps.perUser ?? 100;
    this.#total = caps.total ?? 10_000;
  }

  /**
   * Serves one 2025-era request of `userId` (its JSON body already read, see `readJsonBody`);
   * `open` builds the server of a new session.
   */
  async handle(
    { request, parsedBody }: ReadRequest,
    userId: string,
    authInfo: AuthInfo,
    open: () => Server,
  ): Promise<Response> {
    const id = request.headers.get('mcp-session-id');
    if (id) {
      const session = this.#sessions.get(id);
      if (!session || session.userId !== userId) return jsonRpcError(404, -32001, 'Session not found');
      session.usedAt = Date.now();
      return session.transport.handleRequest(request, { authInfo, parsedBody });
    }
    if (request.method !== 'POST')
      return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    if (!isInitializeRequest(parsedBody)) {
      return jsonRpcError(
        400,
        -32000,
        'Bad Request: start with an initialize request (no Mcp-Session-Id), then send the session id it returns',
      );
    }
    this.#sweep(userId);
    if (this.#sessions.size >= this.#total)
      return jsonRpcError(
        503,
        -32000,
        'this gateway replica holds as many MCP sessions as it may; retry later, or connect with protocol 2026-07-28 (no sessions)',
      );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        this.#sessions.set(sessionId, { userId, transport, usedAt: Date.now() });
      },
      onsessionclosed: (sessionId) => {
        this.#sessions.delete(sessionId);
      },
    });
    await open().connect(transport);
    const response = await transport.handleRequest(request, { authInfo, parsedBody });
    // Refused before it opened (e.g. 406 for a missing Accept): no session will ever close it.
    if (transport.sessionId === undefined) await transport.close();
    return response;
  }

  /** Closes every session. */
  async close(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map((session) => session.transport.close().catch(() => undefined)));
  }

  /** Closes idle sessions, then `userId`'s least recently used ones until they may open another. */
  #sweep(userId: string): void {
    const now = Date.now();
    for (const [id, session] of this.#sessions) if (now - session.usedAt > IDLE_MS) this.#end(id, session);
    const own = [...this.#sessions].filter(([, session]) => session.userId === userId);
    own.sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [id, session] of own.slice(0, Math.max(0, own.length - this.#perUser + 1)))
      this.#end(id, session);
  }

  #end(id: string, session: Session): void {
    this.#sessions.delete(id);
    void session.transport.close().catch(() => undefined);
  }
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', id: null, error: { code, message } }, { status });
}
