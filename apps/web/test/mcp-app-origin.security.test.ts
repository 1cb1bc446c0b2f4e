import type { McpAppWidgetData } from '@switchboard/autoui';
import { CanvasModel } from '@switchboard/autoui';
import type { AgentEvent, ApprovalRule } from '@switchboard/core';
import { McpConnection } from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { mcpAppToolCall } from '../../../packages/ui/src/mcp-apps/mcp-app-tool-call.ts';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import type { ConversationDriver } from '../src/lib/conversation-driver.ts';
import { createGatewayDriver } from '../src/lib/gateway/gateway-driver.ts';
import type { RemoteMcpConnections } from '../src/lib/standalone/remote-mcp-connections.ts';
import { createStandaloneDriver } from '../src/lib/standalone/standalone-driver.ts';
import { MemoryStorage } from './memory-storage.ts';

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

/** What each mode gives the tests: its driver, the name the Tools tab calls a `deals` tool by, and the app of `open_board`. */
interface Mode {
  driver: ConversationDriver;
  dealsTool(name: string): string;
  board: McpAppWidgetData;
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
    const { driver, board } = mode();
    const opened = deals.calls.get('open_board') ?? 0;
    await expect(
      driver.callAppTool(mcpAppToolCall(board, 'open_board', {}), async () => true),
    ).resolves.toEqual({ content: [{ type: 'text', text: 'board opened' }], isError: false });
    expect(deals.calls.get('open_board')).toBe(opened + 1);
    const confirm = vi.fn(async () => true);
    for (const name of ['echo', 'shop_mcp_echo'])
      await expect(driver.callAppTool(mcpAppToolCall(board, name, SHOP_ECHO), confirm)).resolves.toEqual({
        content: [{ type: 'text', text: `deals:${name} is not a tool of this app's server` }],
        isError: true,
      });
    expect(confirm).not.toHaveBeenCalled();
    expect(shop.calls.get('echo')).toBeUndefined();
  });

  it("asks before an app's call the policy asks about, and refuses one it denies", async () => {
    const { driver, board } = mode();
    const refuse = vi.fn(async () => false);
    await expect(driver.callAppTool(mcpAppToolCall(board, 'lookup_offers', {}), refuse)).resolves.toEqual({
      content: [{ type: 'text', text: 'The user did not allow deals:lookup_offers' }],
      isError: true,
    });
    expect(refuse).toHaveBeenCalledOnce();
    const approve = vi.fn(async () => true);
    await expect(driver.callAppTool(mcpAppToolCall(board, 'board_refresh', {}), approve)).resolves.toEqual({
      content: [
        { type: 'text', text: "deals:board_refresh is not allowed by this deployment's tool policy" },
      ],
      isError: true,
    });
    expect(approve).not.toHaveBeenCalled();
    expect(deals.calls.get('board_refresh')).toBeUndefined();
  });

  it('decides the policy against the server a call goes to, whatever other name the app data carry', async () => {
    // The data the hostile result carried: serverName "shop" with server "calculator_storage", a server
    // the policy lets through. Were such an app ever shown, its call would still be asked about.
    const refuse = vi.fn(async () => false);
    await expect(
      mode().driver.callAppTool(
        mcpAppToolCall(deals.forgedApp as unknown as McpAppWidgetData, 'echo', SHOP_ECHO),
        refuse,
      ),
    ).resolves.toEqual({
      content: [{ type: 'text', text: 'The user did not allow shop:echo' }],
      isError: true,
    });
    const forged = { ...deals.forgedApp, name: 'echo', arguments: SHOP_ECHO };
    await expect(
      mode().driver.callAppTool(
        forged as unknown as Parameters<ConversationDriver['callAppTool']>[0],
        refuse,
      ),
    ).resolves.toMatchObject({ isError: true });
    expect(refuse).toHaveBeenCalledTimes(2);
    expect(shop.calls.get('echo')).toBeUndefined();
  });
}

describe('presentation comes from the host, not from results: gateway mode', () => {
  let gw: TestGateway;
  const state = {} as Mode;

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
    await state.driver.open((event) => events.push(event));
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
