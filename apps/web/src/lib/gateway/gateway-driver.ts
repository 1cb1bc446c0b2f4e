import type { CanvasEvent, CanvasSnapshot } from '@switchboard/autoui';
import { canvasEventFromLogEntry } from '@switchboard/autoui';
import type { AgentEvent, McpToolDef } from '@switchboard/core';
import { prefixedToolName, sanitizeServerName } from '@switchboard/core';
import type { ChatEntry } from '@switchboard/ui';
import type { AppConfig } from '../app-config.ts';
import { gatewayServerContent } from '../composer/gateway-server-content.ts';
import type {
  AnswerOutcome,
  BrowsableTool,
  ConversationDriver,
  RestoredConversation,
  ToolCallOutcome,
} from '../conversation-driver.ts';
import { appToolResult, runAppToolCall } from '../mcp-apps/run-app-tool-call.ts';
import { resultWidget, toolOutcome } from '../tool-outcome.ts';
import { conversationLibrary } from '../workspace/conversations/conversation-library.ts';
import { connectServer } from './connect-server.ts';
import { directToolCalls } from './direct-tool-call.ts';
import { gatewayServerAuthorizations } from './gateway-server-authorizations.ts';
import { historyCalls, type StoredMessage } from './history-calls.ts';
import { readEventStream } from './read-event-stream.ts';

/** The localStorage key holding the open conversation's id. */
export const GATEWAY_CONVERSATION_KEY = 'switchboard.gateway.conversation';

/** The start of the localStorage keys of the canvases this browser keeps, one per conversation id. */
const GATEWAY_CANVAS_KEY_PREFIX = 'switchboard.gateway.canvas.';

/**
 * Forgets what this browser keeps of the person's gateway conversations (the open one's id and the
 * canvases: what their tools showed), e.g. when they sign out and someone else may sign in here.
 */
export function forgetGatewayConversations(storage: Storage): void {
  storage.removeItem(GATEWAY_CONVERSATION_KEY);
  const canvases = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (key): key is string => key?.startsWith(GATEWAY_CANVAS_KEY_PREFIX) ?? false,
  );
  for (const key of canvases) storage.removeItem(key);
}

/** A tool of `GET /conversations/:id/tools/available`. */
interface AvailableTool {
  server_id: string;
  server: string;
  tool_name: string;
  title?: string;
  description?: string;
  input_schema: object;
}

/** The user's own canvas edits, kept in the browser on top of the gateway's canvas events. */
interface LocalCanvas {
  serverEvents: number;
  snapshot: CanvasSnapshot;
}

/**
 * Connected mode: conversations live on the gateway (`/conversations` REST API; turns streamed as
 * AG-UI events over SSE with `Accept: text/event-stream`, including the gateway's CUSTOM
 * `user_message` and `turn_saved`), keys stay on the server. The tool browser, widget buttons and MCP
 * Apps call tools through `POST /servers/:id/tools/call`, streamed: the gateway decides the approval
 * policy and asks the person through that stream (nothing in the page decides it); answers to servers'
 * forms and sampling requests are posted to `/conversations/:id/elicitations/:requestId` and
 * `/conversations/:id/sampling/:requestId`.
 * Servers that authorize each user with OAuth are connected through `serverAuthorizations`.
 */
export function createGatewayDriver(options: {
  config: AppConfig;
  storage: Storage;
  fetch?: typeof fetch;
  /** The conversation the page came back to after an authorization redirect (before the stored one). */
  conversationId?: string;
  /** The signed-in person's access token (sent instead of `config.apiKey`), read at each request. */
  accessToken?: () => string | undefined;
  /** The gateway refused the credential (401): the person signs in again. */
  onUnauthorized?: () => void;
}): ConversationDriver {
  const { config, storage } = options;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let conversationId = options.conversationId || (storage.getItem(GATEWAY_CONVERSATION_KEY) ?? '');
  let serverCanvasEvents = 0;
  let listener: (event: AgentEvent) => void = () => {};
  /** The listed tools by the names a call may use: `server:tool` and the prefixed `{server}_mcp_{tool}`. */
  let toolsByName = new Map<string, AvailableTool>();

  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const credential = options.accessToken?.() ?? config.apiKey;
    if (credential) headers.set('Authorization', `Bearer ${credential}`);
    if (init.body) headers.set('Content-Type', 'application/json');
    const response = await doFetch(`${config.apiBase}${path}`, { ...init, headers });
    if (response.status === 401) options.onUnauthorized?.();
    return response;
  };
  const request = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const response = await call(path, init);
    if (!response.ok) {
      const message = await errorMessage(response);
      throw new Error(`gateway: ${init.method ?? 'GET'} ${path} failed (${response.status}): ${message}`);
    }
    return response;
  };
  const json = async <T>(path: string, init?: RequestInit) => (await (await request(path, init)).json()) as T;
  const conversation = (suffix = '') => `/conversations/${encodeURIComponent(conversationId)}${suffix}`;
  /** The tool browser's calls: what their servers ask goes to the listener like a turn's requests. */
  const direct = directToolCalls(request, (event) => listener(event));
  /** Posts a person's answer to a server's request; a refusal keeps the gateway's own words for the person. */
  const answer = async (path: string, body: unknown): Promise<AnswerOutcome> => {
    try {
      const response = await call(path, { method: 'POST', body: JSON.stringify(body) });
      return response.ok ? { ok: true } : { ok: false, message: await errorMessage(response) };
    } catch (error) {
      return {
        ok: false,
        message: `the gateway could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  };

  const createConversation = async () => {
    const created = await json<{ id: string }>('/conversations', {
      method: 'POST',
      body: JSON.stringify({}),
    });
    conversationId = created.id;
    storage.setItem(GATEWAY_CONVERSATION_KEY, conversationId);
  };

  /**
   * Opens the person's newest conversation when nothing was ever said in it (a browser opening the
   * app for the first time, where another left an empty one), else a new one: no empty conversation
   * piles up per browser.
   */
  const openNewestUnused = async () => {
    const newest = await json<{ items: Array<{ id: string; status: string }> }>('/conversations?limit=1')
      .then(({ items }) => items[0])
      .catch(() => undefined);
    const unused =
      newest?.status === 'idle' &&
      (await json<{ items: unknown[] }>(`/conversations/${encodeURIComponent(newest.id)}/messages?limit=1`)
        .then(({ items }) => items.length === 0)
        .catch(() => false));
    if (!newest || !unused) return createConversation();
    conversationId = newest.id;
    storage.setItem(GATEWAY_CONVERSATION_KEY, conversationId);
  };

  /** Delivers an event stream of the conversation: a turn started by a POST, or the running one (GET). */
  const deliver = async (response: Response, onFirst: () => void) => {
    if (!response.body) throw new Error('gateway: the stream has no body');
    await readEventStream(response.body, (event) => {
      onFirst();
      if (event.type === 'CUSTOM' && (event.name === 'widget' || event.name === 'canvas'))
        serverCanvasEvents++;
      listener(event);
    });
  };
  const follow = async (suffix: string) => {
    await deliver(
      await request(conversation(suffix), { headers: { Accept: 'text/event-stream' } }),
      () => {},
    );
  };
  /**
   * Sends one action of the person (a message, a decision) under an `Idempotency-Key` of its own and
   * streams its turn. When no answer came back (the connection failed, a proxy answered 502–504, the
   * gateway still ran the first try), it is sent again with the same key: the gateway then answers
   * with the first try's turn, never a second one.
   */
  const send = async (suffix: string, body: unknown) => {
    const key = crypto.randomUUID();
    for (let attempt = 1; ; attempt++) {
      let heard = false;
      let retryAfterMs = RETRY_MS * attempt;
      try {
        const response = await call(conversation(suffix), {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { Accept: 'text/event-stream', 'Idempotency-Key': `"${key}"` },
        });
        if (!response.ok) {
          const failure = await failureOf(response);
          if (!failure.retry || attempt >= SEND_ATTEMPTS)
            throw new GatewayAnswerError(
              `gateway: POST ${conversation(suffix)} failed (${response.status}): ${failure.message}`,
            );
          retryAfterMs = failure.retryAfterMs ?? retryAfterMs;
        } else {
          await deliver(response, () => {
            heard = true;
          });
          return;
        }
      } catch (error) {
        if (error instanceof GatewayAnswerError || heard || attempt >= SEND_ATTEMPTS) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
    }
  };

  const localCanvasKey = () => `${GATEWAY_CANVAS_KEY_PREFIX}${conversationId}`;

  /** Where the next older page of messages ends (the oldest message read), while there are older ones. */
  let olderCursor: string | null = null;
  /** Messages read before the first user message of the oldest page: they belong to its older turn. */
  let carried: StoredMessage[] = [];
  /**
   * Reads a page of the conversation's messages, with what was carried over from the newer page. A
   * page that has older pages before it starts at a user message (the messages of the turn cut at its
   * start are carried to the older page), so every call is read with the turn that made it.
   */
  const readMessages = async (query: string) => {
    const page = await json<{ items: StoredMessage[]; previous_cursor: string | null }>(
      conversation(`/messages?${query}`),
    );
    const items = [...page.items, ...carried];
    olderCursor = page.previous_cursor ?? null;
    const start = olderCursor === null ? 0 : items.findIndex((message) => message.role === 'user');
    carried = start === -1 ? items : items.slice(0, start);
    return { items: start === -1 ? [] : items.slice(start), hasOlder: olderCursor !== null };
  };
  /** The whole canvas log, a page at a time. */
  const readCanvasLog = async () => {
    const items: CanvasLogItem[] = [];
    for (let after = ''; ; ) {
      const page = await json<{ items: CanvasLogItem[]; next_cursor: string | null }>(
        conversation(`/canvas?limit=${CANVAS_PAGE}${after && `&after=${encodeURIComponent(after)}`}`),
      );
      items.push(...page.items);
      if (!page.next_cursor) return items;
      after = page.next_cursor;
    }
  };

  const listTools = async (): Promise<BrowsableTool[]> => {
    const available = await json<{ items: AvailableTool[] }>(conversation('/tools/available'));
    const calledAs = (tool: AvailableTool) =>
      prefixedToolName(sanitizeServerName(tool.server), 'mcp', tool.tool_name);
    toolsByName = new Map(
      available.items.flatMap((tool) => [
        [`${tool.server}:${tool.tool_name}`, tool],
        [calledAs(tool), tool],
      ]),
    );
    return available.items.map((tool) => ({
      name: `${tool.server}:${tool.tool_name}`,
      ...(tool.title ? { title: tool.title } : {}),
      calledAs: calledAs(tool),
      description: tool.description,
      inputSchema: tool.input_schema as BrowsableTool['inputSchema'],
    }));
  };

  const serverAuthorizations = gatewayServerAuthorizations(json, () => conversationId);

  return {
    mode: 'gateway',
    modelLabel: config.modelLabel ?? 'Model configured on the gateway',
    serverAuthorizations,
    connectServer: (server, window) =>
      connectServer({ serverId: server.id, serverName: server.name, api: serverAuthorizations, window }),
    serverContent: gatewayServerContent(json),
    gatewayRequest: call,
    conversations: conversationLibrary(json),
    currentConversation: () => conversationId,
    async openConversation(id) {
      conversationId = id;
      storage.setItem(GATEWAY_CONVERSATION_KEY, id);
      serverCanvasEvents = 0;
      olderCursor = null;
      carried = [];
    },
    async open(onEvent) {
      listener = onEvent;
      let status = 'idle';
      let model: string | null = null;
      if (conversationId) {
        try {
          ({ status, model } = await json<{ status: string; model: string | null }>(conversation()));
          storage.setItem(GATEWAY_CONVERSATION_KEY, conversationId);
        } catch {
          conversationId = '';
        }
      }
      if (!conversationId) await openNewestUnused();
      carried = [];
      const [messages, canvas, approvals] = await Promise.all([
        readMessages(`newest=true&limit=${MESSAGE_PAGE}`),
        readCanvasLog(),
        json<{ items: Array<{ call_id: string; tool_name: string; input: unknown }> }>(
          conversation('/approvals?status=pending'),
        ),
      ]);
      const events = canvas
        .map(canvasEventFromLogEntry)
        .filter((event): event is CanvasEvent => event !== undefined);
      serverCanvasEvents = canvas.length;
      const local = readLocalCanvas(storage, localCanvasKey());
      const restored: RestoredConversation = {
        chat: chatEntries(messages.items),
        canvas: local && local.serverEvents === serverCanvasEvents ? local.snapshot.events : events,
        pending: approvals.items.map((item) => ({
          id: item.call_id,
          name: item.tool_name,
          input: item.input,
        })),
        history: historyCalls(messages.items),
        running: status === 'running',
        hasOlder: messages.hasOlder,
        model: model ?? null,
      };
      return restored;
    },
    async loadOlder() {
      if (!olderCursor) return { chat: [], history: [], hasOlder: false };
      const messages = await readMessages(`before=${encodeURIComponent(olderCursor)}&limit=${MESSAGE_PAGE}`);
      return {
        chat: chatEntries(messages.items),
        history: historyCalls(messages.items),
        hasOlder: messages.hasOlder,
      };
    },
    followRunningTurn: () => follow('/stream'),
    send: (text) => send('/chat', { content: text }),
    stop() {
      void request(conversation('/stop'), { method: 'POST' }).catch((error) => console.warn(error));
    },
    async decide(decisions) {
      for (const decision of decisions)
        await send('/approvals', { call_id: decision.toolCallId, decision: decision.decision });
    },
    answerElicitation: (requestId, elicitation) =>
      answer(
        direct.answerPath(requestId) ?? conversation(`/elicitations/${encodeURIComponent(requestId)}`),
        elicitation,
      ),
    answerSampling: (requestId, approve) =>
      answer(conversation(`/sampling/${encodeURIComponent(requestId)}`), {
        decision: approve ? 'approve' : 'deny',
      }),
    listTools,
    async callTool(name, args): Promise<ToolCallOutcome> {
      try {
        const tool = toolsByName.get(name) ?? (await listTools().then(() => toolsByName.get(name)));
        if (!tool) return { error: `Error: the gateway has no tool named ${JSON.stringify(name)}` };
        const output = await direct.call(tool.server_id, tool.tool_name, args);
        // What the result shows may call only tools of the server that answered.
        const ownTool = (name: string) => toolsByName.get(name)?.server_id === tool.server_id;
        const widget =
          output.widget && !output.is_error
            ? resultWidget({ widget: output.widget.type, data: output.widget.data }, ownTool)
            : undefined;
        return (
          widget ??
          toolOutcome(
            output.content,
            output.is_error ? output.content || 'the tool failed' : undefined,
            ownTool,
          )
        );
      } catch (error) {
        return { error: `Error: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
    async callAppTool(call) {
      const servers = await json<{ items: Array<{ id: string; name: string }> }>('/servers').catch(() => ({
        items: [],
      }));
      // The app's server is the registry's server the gateway presented it from (names are unique there);
      // its tools run there alone, whatever the app asks. The gateway decides the approval policy and
      // asks the person through the call's stream (its question shows as the chat's card).
      const server =
        call.protocol === 'mcp' ? servers.items.find((item) => item.name === call.serverName) : undefined;
      const tools = server
        ? await json<{ items: McpToolDef[] }>(`/servers/${encodeURIComponent(server.id)}/tools`).catch(
            () => ({
              items: [],
            }),
          )
        : { items: [] };
      return runAppToolCall({
        call,
        tool: tools.items.find((candidate) => candidate.name === call.name),
        missing: server ? undefined : `the gateway has no server named "${call.serverName}"`,
        approval: 'gateway',
        run: async () => {
          const output = await direct.call(server?.id ?? '', call.name, call.arguments);
          return appToolResult({ text: output.content, isError: output.is_error, value: output.structured });
        },
      });
    },
    saveCanvas(snapshot: CanvasSnapshot, _chat: ChatEntry[]) {
      try {
        storage.setItem(
          localCanvasKey(),
          JSON.stringify({ serverEvents: serverCanvasEvents, snapshot } satisfies LocalCanvas),
        );
      } catch (error) {
        console.warn('switchboard: could not keep the canvas in this browser:', error);
      }
    },
    async reset() {
      await createConversation();
      serverCanvasEvents = 0;
      olderCursor = null;
      carried = [];
    },
  };
}

/** Messages read per page: the newest page on opening, an older one each time the person scrolls to the top. */
const MESSAGE_PAGE = 200;
/** Canvas events read per page. */
const CANVAS_PAGE = 1_000;

/** An event of the canvas log (`GET /conversations/:id/canvas`). */
interface CanvasLogItem {
  kind: string;
  payload: unknown;
}

/** The chat entries of stored messages: user and assistant texts, and a note under a message never answered. */
function chatEntries(messages: readonly StoredMessage[]): ChatEntry[] {
  return messages
    .filter((message) => (message.role === 'user' || message.role === 'assistant') && message.content)
    .flatMap((message): ChatEntry[] => [
      {
        id: message.id,
        role: message.role as 'user' | 'assistant',
        text: message.content ?? '',
        ...(message.usage
          ? {
              usage: {
                inputTokens: message.usage.input_tokens,
                outputTokens: message.usage.output_tokens,
                ...(message.usage.cost ? { cost: message.usage.cost } : {}),
              },
            }
          : {}),
      },
      ...(message.unanswered
        ? [
            {
              id: `${message.id}:unanswered`,
              role: 'notice' as const,
              tone: 'error' as const,
              text: UNANSWERED_NOTICES[message.unanswered],
            },
          ]
        : []),
    ]);
}

/** How often one action of the person is sent at most (the first try and its retries). */
const SEND_ATTEMPTS = 4;
/** The wait before a retry, times the attempt's number, when the gateway names none (ms). */
const RETRY_MS = 500;
/** Answers that mean no answer yet: a proxy without the gateway, or the first try still running. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/** What the person is told under a message the gateway never answered. */
const UNANSWERED_NOTICES: Record<NonNullable<StoredMessage['unanswered']>, string> = {
  interrupted: 'Not answered: the gateway stopped before this turn finished. Send it again to retry.',
  failed: 'Not answered: the turn could not run. Send it again to retry.',
  not_saved: "Not answered: this turn's answer could not be saved. Send it again to retry.",
};

/** The gateway answered a send with a refusal that a retry would not change. */
class GatewayAnswerError extends Error {
  override name = 'GatewayAnswerError';
}

/** A refused send: what the gateway said, and whether (and when) to send it again. */
async function failureOf(
  response: Response,
): Promise<{ message: string; retry: boolean; retryAfterMs?: number }> {
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { error?: { code?: string } };
  const inFlight = response.status === 409 && body.error?.code === 'idempotency_key_in_flight';
  const seconds = Number(response.headers.get('retry-after'));
  return {
    message: await errorMessage(response),
    retry: inFlight || RETRIED_STATUSES.has(response.status),
    ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}),
  };
}

/** What the gateway says went wrong (`{ error: { message } }`, `{ error }` or `{ message }`), or the status text. */
async function errorMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as {
    error?: { message?: string } | string;
    message?: string;
  };
  if (typeof body.error === 'string') return body.error;
  return body.error?.message ?? body.message ?? response.statusText;
}

function readLocalCanvas(storage: Storage, key: string): LocalCanvas | undefined {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as LocalCanvas | null;
    return value && Array.isArray(value.snapshot?.events) ? value : undefined;
  } catch {
    return undefined;
  }
}
