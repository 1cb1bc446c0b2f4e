import type { AgentEvent, McpToolDef } from '@switchboard/core';
import type { Route } from 'playwright-core';

/** A tool call the app asked the gateway for (`POST /servers/:id/tools/call`). */
export interface GatewayToolCall {
  server: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** What the fake gateway answers. */
export interface FakeGatewayOptions {
  /** The events streamed for every chat turn (as the gateway streams a turn's AG-UI events). */
  turn: () => AgentEvent[];
  /** Registered MCP servers with their tools. */
  servers: Array<{ id: string; name: string; tools: McpToolDef[] }>;
  /** Runs `POST /servers/:id/tools/call` (a call the approval policy lets through: this gateway asks nothing). */
  callTool: (call: GatewayToolCall) => Promise<{ content: string; is_error: boolean; structured?: unknown }>;
}

/** The fake gateway: its request handler, and the tool calls it ran. */
export interface FakeGateway {
  /** Answers a request to the gateway's API; false for anything else (the app's own files). */
  handle(route: Route): Promise<boolean>;
  toolCalls: GatewayToolCall[];
  /**
   * Makes a turn run on the gateway (as one started before a reload): the conversation says
   * `running` until these events have been streamed by `GET /conversations/:id/stream`.
   */
  startRunningTurn(events: AgentEvent[]): void;
}

const CONVERSATION = 'conv_1';

/**
 * The parts of the gateway's HTTP API the web app uses in gateway mode, answered in the browser
 * context: one conversation, its (empty) history, a chat turn streamed as Server-Sent Events (and
 * optionally a turn already running, followed through its stream), the server registry and direct
 * tool calls (streamed when asked to be, as the app asks: one `tool_call_result` event).
 */
export function fakeGateway(options: FakeGatewayOptions): FakeGateway {
  const toolCalls: GatewayToolCall[] = [];
  const json = (route: Route, body: unknown) => route.fulfill({ json: body }).then(() => true);
  const sse = (route: Route, events: readonly object[]) =>
    route
      .fulfill({
        status: 200,
        headers: { 'Content-Type': 'text/event-stream' },
        body: events.map((event, index) => `id: ${index + 1}\ndata: ${JSON.stringify(event)}\n\n`).join(''),
      })
      .then(() => true);
  let running: AgentEvent[] | undefined;
  const handle = async (route: Route): Promise<boolean> => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    const method = request.method();
    if (pathname.endsWith('/config.json')) return json(route, { mode: 'gateway' });
    if (pathname === '/conversations' && method === 'POST') return json(route, { id: CONVERSATION });
    const conversation = /^\/conversations\/[^/]+(\/.*)?$/.exec(pathname);
    if (conversation) {
      const rest = conversation[1] ?? '';
      if (rest === '/chat') return sse(route, options.turn());
      if (rest === '/stream') {
        const events = running ?? [];
        running = undefined;
        return sse(route, events);
      }
      if (rest === '') return json(route, { id: CONVERSATION, status: running ? 'running' : 'idle' });
      return json(route, { items: [] });
    }
    if (pathname === '/servers')
      return json(route, { items: options.servers.map(({ id, name }) => ({ id, name })) });
    const server = /^\/servers\/([^/]+)\/tools(\/call)?$/.exec(pathname);
    if (server) {
      const registered = options.servers.find((candidate) => candidate.id === decodeURIComponent(server[1]));
      if (!registered)
        return route.fulfill({ status: 404, json: { error: 'server_not_found' } }).then(() => true);
      if (!server[2]) return json(route, { items: registered.tools });
      const input = request.postDataJSON() as { name: string; arguments?: Record<string, unknown> };
      const call = { server: registered.id, name: input.name, arguments: input.arguments ?? {} };
      toolCalls.push(call);
      const result = await options.callTool(call);
      if (request.headers().accept !== 'text/event-stream') return json(route, result);
      // The direct-call route's own last event (see `directToolCalls`).
      return sse(route, [{ type: 'CUSTOM', name: 'tool_call_result', value: result, timestamp: Date.now() }]);
    }
    return false;
  };
  return {
    handle,
    toolCalls,
    startRunningTurn: (events) => {
      running = events;
    },
  };
}
