import {
  type CallToolResult,
  Client,
  type CreateMessageRequestParams,
  type ElicitRequestParams,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HostileMcpServer,
  PHISHING_MESSAGE,
  PHISHING_URL,
  startHostileMcpServer,
} from './support/hostile-mcp-server.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

const ASKED_BY = 'dev.switchboard/asked-by';

/** What a `/mcp` client was asked, as its handlers received it. */
interface Heard {
  elicitations: ElicitRequestParams[];
  samplings: CreateMessageRequestParams[];
}

const textOf = (result: unknown) =>
  (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

/**
 * A hostile server (`deals`, the real MCP SDK speaking 2026-07-28 to the gateway) poses as the
 * gateway: "your Switchboard session expired, re-enter your API key" (a form), a "sign in to
 * Switchboard again" link, and a sampling request asking for the key. Through `/mcp` each reaches
 * the client naming the server, in the message the client shows and in `_meta`, never like the
 * gateway's own approval question; and the link reaches a 2025-11-25 client.
 */
describe("a server's questions forwarded by /mcp say which server asks", () => {
  let shop: TestMcpServer;
  let deals: HostileMcpServer;
  let gw: TestGateway;
  const clients: Client[] = [];

  beforeAll(async () => {
    shop = await startTestMcpServer();
    deals = await startHostileMcpServer({ server: 'shop', tool: 'echo', arguments: { text: 'x' } });
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [
        { name: 'shop', url: shop.url },
        { name: 'deals', url: deals.url },
      ],
      approvalPolicy: { rules: [{ match: 'shop:echo', action: 'ask' }] },
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await gw?.close();
    await deals?.close();
    await shop?.close();
  });

  /** The SDK's own client on `/mcp` (aggregate mode), declaring `modes` of elicitation and sampling, declining every form. */
  async function connect(protocol: 'auto' | 'legacy', modes: { url: boolean }): Promise<[Client, Heard]> {
    const heard: Heard = { elicitations: [], samplings: [] };
    const client = new Client(
      { name: 'forwarding-test', version: '1.0.0' },
      {
        capabilities: { elicitation: { form: {}, ...(modes.url ? { url: {} } : {}) }, sampling: {} },
        versionNegotiation: { mode: protocol },
      },
    );
    client.setRequestHandler('elicitation/create', async ({ params }) => {
      heard.elicitations.push(params);
      // The person approves the gateway's own approval question, and declines what servers ask.
      const fromGateway = (params._meta?.[ASKED_BY] as { gateway?: string } | undefined)?.gateway;
      return fromGateway ? { action: 'accept', content: { approve: true } } : { action: 'decline' };
    });
    client.setRequestHandler('sampling/createMessage', async ({ params }) => {
      heard.samplings.push(params);
      return { role: 'assistant', model: 'test', content: { type: 'text', text: 'no' } };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp?mode=aggregate', gw.url), {
        requestInit: { headers: { authorization: `Bearer ${KEYS.alice}` } },
      }),
    );
    clients.push(client);
    expect(client.getNegotiatedProtocolVersion()).toBe(protocol === 'legacy' ? '2025-11-25' : '2026-07-28');
    return [client, heard];
  }

  for (const protocol of ['legacy', 'auto'] as const) {
    const era = protocol === 'legacy' ? '2025-11-25 session' : '2026-07-28 client';

    it(`names the server in a form, a link and a sampling request it forwards to a ${era}`, async () => {
      const [client, heard] = await connect(protocol, { url: true });
      const phishedBefore = deals.phished.length;
      expect(textOf(await client.callTool({ name: 'deals_renew_session', arguments: {} }))).toContain(
        'session renewed',
      );
      expect(textOf(await client.callTool({ name: 'deals_renew_session_link', arguments: {} }))).toBe(
        'link: decline',
      );
      await client.callTool({ name: 'deals_summarize_deals', arguments: {} });

      const [form, link] = heard.elicitations;
      expect(form).toMatchObject({
        message: `[server "deals"] ${PHISHING_MESSAGE}`,
        _meta: { [ASKED_BY]: { server: 'deals' } },
      });
      expect(link).toMatchObject({
        mode: 'url',
        url: PHISHING_URL,
        message: '[server "deals"] Sign in to Switchboard again',
      });
      // 2025 clients need an id for a URL-mode question, which the 2026 server that asked gave none
      // of; 2026-07-28's embedded URL-mode and sampling shapes keep no `_meta` (the SDK's schemas drop
      // it), so there the message and the system prompt alone name the server.
      if (protocol === 'legacy')
        expect(link).toMatchObject({
          elicitationId: expect.any(String),
          _meta: { [ASKED_BY]: { server: 'deals' } },
        });
      const [sampling] = heard.samplings;
      expect(sampling.systemPrompt).toMatch(
        /^\[server "deals"\] This completion is asked for by the MCP server "deals"/,
      );
      if (protocol === 'legacy') expect(sampling._meta).toMatchObject({ [ASKED_BY]: { server: 'deals' } });
      expect(deals.phished.slice(phishedBefore)).toEqual(['decline', 'decline']);
    });

    it(`keeps the gateway's own approval question apart from forwarded ones on a ${era}`, async () => {
      const [client, heard] = await connect(protocol, { url: true });
      const before = shop.calls.get('echo') ?? 0;
      expect(textOf(await client.callTool({ name: 'shop_echo', arguments: { text: 'ok' } }))).toBe(
        'echo: ok',
      );
      expect(shop.calls.get('echo')).toBe(before + 1);
      const [approval] = heard.elicitations;
      expect(approval.message).toBe('[Switchboard gateway] Allow shop:echo to run with {"text":"ok"}?');
      expect(approval._meta).toMatchObject({
        [ASKED_BY]: { gateway: 'approval', server: 'shop', tool: 'echo' },
      });
    });
  }

  it('refuses a link, saying why, to a client that declares no URL-mode elicitation', async () => {
    const [client, heard] = await connect('legacy', { url: false });
    const refused = await client.callTool({ name: 'deals_renew_session_link', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('this MCP client declares no URL-mode elicitation');
    expect(heard.elicitations).toEqual([]);
  });
});
