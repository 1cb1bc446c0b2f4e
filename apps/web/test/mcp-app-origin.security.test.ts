import type { McpAppToolResult, McpAppWidgetData } from '@switchboard/autoui';
import { CanvasModel } from '@switchboard/autoui';
import type { AgentEvent, ApprovalRule, ElicitationRequest } from '@switchboard/core';
import { McpConnection } from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import type { McpAppToolCall } from '@switchboard/ui';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HostileMcpServer,
  startHostileMcpServer,
} from '../../../packages/server/test/support/hostile-mcp-server.ts';
import { queuedModel } from '../../../packages/server/test/support/queued-model.ts';
import {
  KEYS,
  startTestGateway,
  type TestGateway,
} from '../../../packages/server/test/support/test-gateway.ts';
import {
  startTestMcpServer,
  type TestMcpServer,
} from '../../../packages/server/test/support/test-mcp-server.ts';
import { mcpAppToolCall } from '../../../packages/ui/src/widgets/mcp-app-tool-call.ts';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import type { ConversationDriver } from '../src/lib/conversation-driver.ts';
import { createGatewayDriver } from '../src/lib/gateway/gateway-driver.ts';
import type { RemoteMcpConnections } from '../src/lib/standalone/remote-mcp-connections.ts';
import { createStandaloneDriver } from '../src/lib/standalone/standalone-driver.ts';
import { MemoryStorage } from './support/memory-storage.ts';

/**
 * The person's policy: the shop asks; of the hostile `deals` server's own tools, `lookup_offers` asks
 * and `board_refresh` is denied.
 */
const RULES: ApprovalRule[] = [
  { match: 'shop:*', action: 'ask' },
  { match: 'deals:lookup_offers', action: 'ask' },
  { match: 'deals:board_refresh', action: 'deny' },
];
const SHOP_ECHO = { text: 'the cart' };

/** An app's call, with the approval questions the person was asked on the way (`server:tool`). */
interface AnsweredCall {
  result: McpAppToolResult;
  asked: string[];
}

/**
 * What each mode gives the tests: its driver, the name the Tools tab calls a `deals` tool by, the app
 * of `open_board`, and `callApp`, which runs an app's call with the person answering whatever
 * approval question comes (`approve`) — the page's own dialog in standalone mode, the gateway's
 * question in gateway mode.
 */
interface Mode {
  driver: ConversationDriver;
  dealsTool(name: string): string;
  board: McpAppWidgetData;
  callApp(call: McpAppToolCall, approve: boolean): Promise<AnsweredCall>;
}

let shop: TestMcpServer;
let deals: HostileMcpServer;

beforeAll(async () => {
  shop = await startTestMcpServer();
  deals = await startHostileMcpServer({ server: 'shop', tool: 'echo', arguments: SHOP_ECHO });
});

afterAll(async () => {
  await deals?.close();
  await shop?.close();
});

/** The `mcp-app` widgets among the events. */
const apps = (events: AgentEvent[]) =>
  events.flatMap((event) =>
    event.type === 'CUSTOM' && event.name === 'widget' && (event.value as { type: string }).type === 'mcp-app'
      ? [event.value.data as unknown as McpAppWidgetData]
      : [],
  );

/** The abuse tests, the same in both modes. */
function presentationComesFromTheHost(mode: () => Mode) {
  it('shows a result that names an mcp-app as ordinary content, never as an app', async () => {
    const outcome = await mode().driver.callTool(mode().dealsTool('lookup_offers'), {});
    expect(outcome).toEqual({
      widget: 'json-viewer',
      data: { data: { widget: 'mcp-app', data: deals.forgedApp } },
    });
  });

  it("keeps only a result's buttons that call its own server's tools", async () => {
    const outcome = await mode().driver.callTool(mode().dealsTool('show_deals'), {});
    expect(outcome).toMatchObject({ widget: 'grid' });
    const items = ('data' in outcome ? outcome.data.items : []) as Array<{ widget: object }>;
    expect(items[0].widget).toEqual({
      name: 'actions',
      params: {
        buttons: [
          { label: 'More offers', tool: 'deals_mcp_lookup_offers', args: {} },
          { label: 'Tell me more', message: 'Tell me more about the deals' },
        ],
      },
    });
  });

  it("lets an app call its own server's tools and refuses another server's, by either name", async () => {
    const { board, callApp } = mode();
    const opened = deals.calls.get('open_board') ?? 0;
    await expect(callApp(mcpAppToolCall(board, 'open_board', {}), true)).resolves.toEqual({
      result: { content: [{ type: 'text', text: 'board opened' }], isError: false },
      asked: [],
    });
    expect(deals.calls.get('open_board')).toBe(opened + 1);
    for (const name of ['echo', 'shop_mcp_echo'])
      await expect(callApp(mcpAppToolCall(board, name, SHOP_ECHO), true)).resolves.toEqual({
        result: {
          content: [{ type: 'text', text: `deals:${name} is not a tool of this app's server` }],
          isError: true,
        },
        asked: [],
      });
    expect(shop.calls.get('echo')).toBeUndefined();
  });

  it("asks before an app's call the policy asks about, and refuses one it denies", async () => {
    const { board, callApp } = mode();
    const declined = await callApp(mcpAppToolCall(board, 'lookup_offers', {}), false);
    expect(declined.asked).toEqual(['deals:lookup_offers']);
    expect(declined.result.isError).toBe(true);
    expect(textOf(declined.result)).toMatch(/did not (allow|approve) deals:lookup_offers/);
    const denied = await callApp(mcpAppToolCall(board, 'board_refresh', {}), true);
    expect(denied.asked).toEqual([]);
    expect(denied.result.isError).toBe(true);
    expect(textOf(denied.result)).toMatch(
      /deals:board_refresh is not allowed by this deployment's tool policy|approval policy denies deals:board_refresh/,
    );
    expect(deals.calls.get('board_refresh')).toBeUndefined();
  });

  it('decides the policy against the server a call goes to, whatever other name the app data carry', async () => {
    // The data the hostile result carried: serverName "shop" with server "calculator_storage", a server
    // the policy lets through. Were such an app ever shown, its call would still be asked about.
    const { callApp } = mode();
    const viaBlock = await callApp(
      mcpAppToolCall(deals.forgedApp as unknown as McpAppWidgetData, 'echo', SHOP_ECHO),
      false,
    );
    expect(viaBlock.asked).toEqual(['shop:echo']);
    expect(textOf(viaBlock.result)).toMatch(/did not (allow|approve) shop:echo/);
    const forged = { ...deals.forgedApp, name: 'echo', arguments: SHOP_ECHO };
    const direct = await callApp(forged as unknown as McpAppToolCall, false);
    expect(direct).toMatchObject({ result: { isError: true }, asked: ['shop:echo'] });
    expect(shop.calls.get('echo')).toBeUndefined();
  });
}

/** The text of an app call's result. */
const textOf = (result: McpAppToolResult) =>
  result.content.map((block) => ('text' in block ? block.text : '')).join('');

describe('presentation comes from the host, not from results: gateway mode', () => {
  let gw: TestGateway;
  const state = {} as Mode;
  /** Answers the gateway's approval question as the person would: approves, unless a test says otherwise. */
  let answerApproval = (request: ElicitationRequest) =>
    void state.driver.answerElicitation(request.requestId, { action: 'accept', content: { approve: true } });

  beforeAll(async () => {
    const model = queuedModel();
    gw = await startTestGateway('pglite', {
      model,
      servers: [
        { name: 'shop', url: shop.url },
        { name: 'deals', url: deals.url },
      ],
      approvalPolicy: { rules: RULES },
    });
    state.driver = createGatewayDriver({
      config: { ...DEFAULT_CONFIG, mode: 'gateway', apiBase: gw.url, apiKey: KEYS.alice },
      storage: new MemoryStorage(),
    });
    state.dealsTool = (name) => `deals:${name}`;
    const events: AgentEvent[] = [];
    await state.driver.open((event) => {
      events.push(event);
      const request =
        event.type === 'CUSTOM' && event.name === 'elicitation_request' ? event.value : undefined;
      if ((request as ElicitationRequest | undefined)?.approval)
        answerApproval(request as ElicitationRequest);
    });
    // The page never decides: `confirm` is left unanswered, and the gateway's question is answered.
    state.callApp = async (call, approve) => {
      const asked: string[] = [];
      answerApproval = (request) => {
        asked.push(`${request.server}:${request.approval?.tool}`);
        void state.driver.answerElicitation(
          request.requestId,
          approve ? { action: 'accept', content: { approve: true } } : { action: 'decline' },
        );
      };
      const result = await state.driver.callAppTool(call, () => new Promise<boolean>(() => undefined));
      return { result, asked };
    };
    model.enqueue(
      { toolCalls: [{ id: 'call_board', name: 'deals_mcp_open_board', input: {} }] },
      { text: 'The board is open.' },
    );
    await state.driver.send('open the deals board');
    [state.board] = apps(events);
  });

  afterAll(async () => {
    await gw?.close();
  });

  presentationComesFromTheHost(() => state);

  it("leaves a button's and the Tools tab's calls to the gateway, which asks the person and runs only what they approve", async () => {
    for (const approve of [false, true]) {
      const asked: string[] = [];
      answerApproval = (request) => {
        asked.push(`${request.server}:${request.approval?.tool}`);
        void state.driver.answerElicitation(
          request.requestId,
          approve ? { action: 'accept', content: { approve: true } } : { action: 'decline' },
        );
      };
      const outcome = await state.driver.callTool('shop_mcp_show_products', { query: 'milk' });
      expect(asked).toEqual(['shop:show_products']);
      if (approve) expect(outcome).toMatchObject({ widget: 'cards', data: { title: 'Milk' } });
      else expect(outcome).toEqual({ error: expect.stringContaining('did not approve shop:show_products') });
      expect(shop.calls.get('show_products')).toBe(approve ? 1 : undefined);
    }
  });

  it("runs an app's call the gateway asks about once the person approves the gateway's question", async () => {
    const before = deals.calls.get('lookup_offers') ?? 0;
    const approved = await state.callApp(mcpAppToolCall(state.board, 'lookup_offers', {}), true);
    expect(approved).toMatchObject({ result: { isError: false }, asked: ['deals:lookup_offers'] });
    expect(deals.calls.get('lookup_offers')).toBe(before + 1);
  });
});

describe('presentation comes from the host, not from results: standalone mode', () => {
  const connections: McpConnection[] = [];
  const state = {} as Mode;

  beforeAll(async () => {
    for (const [name, url] of [
      ['shop', shop.url],
      ['deals', deals.url],
    ])
      connections.push(new McpConnection({ name, transport: { type: 'http', url } }));
    const layers = await Promise.all(connections.map((connection) => connection.layer()));
    const remote = {
      layers: () => layers,
      clients: () => new Map(connections.map((connection) => [connection.name, connection])),
      statuses: () =>
        connections.map((connection) => ({ name: connection.name, url: '', state: 'connected' })),
      onAuthorizationLost: () => () => undefined,
    };
    state.driver = createStandaloneDriver({
      config: { ...DEFAULT_CONFIG, approvalRules: RULES },
      canvas: new CanvasModel(),
      storage: new MemoryStorage(),
      model: createScriptedModel([
        { toolCalls: [{ id: 'call_board', name: 'deals_mcp_open_board', input: {} }] },
        { text: 'The board is open.' },
      ]),
      modelLabel: 'scripted',
      servers: [],
      remote: remote as unknown as RemoteMcpConnections,
    });
    state.dealsTool = (name) => `deals_mcp_${name}`;
    state.callApp = async (call, approve) => {
      const asked: string[] = [];
      const confirm = async () => {
        asked.push(`${call.serverName}:${call.name}`);
        return approve;
      };
      return { result: await state.driver.callAppTool(call, confirm), asked };
    };
    const events: AgentEvent[] = [];
    await state.driver.open((event) => events.push(event));
    await state.driver.send('open the deals board');
    [state.board] = apps(events);
  });

  afterAll(async () => {
    for (const connection of connections) await connection.close();
  });

  presentationComesFromTheHost(() => state);

  it("refuses a button's or the Tools tab's call the policy denies", async () => {
    await expect(state.driver.callTool('deals_mcp_board_refresh', {})).resolves.toEqual({
      error: "Error: deals_mcp_board_refresh is not allowed by this deployment's tool policy",
    });
    expect(deals.calls.get('board_refresh')).toBeUndefined();
  });
});
