import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AskingMcpServer, MEASURE_SCHEMAS, startAskingMcpServer } from './support/asking-mcp-server.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

/**
 * A server's tool whose `region` parameter is mirrored into the `Mcp-Param-Region` header
 * (SEP-2243, `x-mcp-header`): `/mcp` lists its schema as the server wrote it, so 2026-07-28
 * clients send the header, and refuses a call whose header disagrees with its arguments (400,
 * -32020), as the SDK does for its own servers' tools, before any server is reached.
 */
describe('/mcp and tool schemas: verbatim, and x-mcp-header parameters checked', () => {
  let asking: AskingMcpServer;
  let gw: TestGateway;
  let client: Client;
  const headersSent: Array<string | null> = [];

  beforeAll(async () => {
    asking = await startAskingMcpServer();
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'asking', url: asking.url }],
      allowPrivateNetworks: true,
    });
    client = new Client({ name: 'headers-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp?mode=aggregate', gw.url), {
        requestInit: { headers: { authorization: `Bearer ${KEYS.alice}` } },
        fetch: (url, init) => {
          headersSent.push(new Headers(init?.headers).get('mcp-param-region'));
          return fetch(url, init);
        },
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await gw?.close();
    await asking?.close();
  });

  /** A 2026-07-28 `tools/call` of `asking_route` sent by hand, with these `Mcp-Param-*` headers. */
  const post = (region: unknown, headers: Record<string, string>) =>
    fetch(new URL('/mcp?mode=aggregate', gw.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEYS.alice}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'asking_route',
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name: 'asking_route',
          arguments: { region },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });

  it('lists the schema with its x-mcp-header, and a 2026-07-28 client mirrors the argument, which the call accepts', async () => {
    const { tools } = await client.listTools();
    const route = tools.find((tool) => tool.name === 'asking_route');
    expect(route?.inputSchema.properties?.region).toEqual({ type: 'string', 'x-mcp-header': 'Region' });
    const result = await client.callTool({ name: 'asking_route', arguments: { region: 'eu-west' } });
    expect(result.content).toEqual([{ type: 'text', text: 'routed to eu-west' }]);
    expect(headersSent.at(-1)).toBe('eu-west');
  });

  it('lists tool schemas as the server wrote them: 2020-12 input and output schemas, $defs and $ref untouched', async () => {
    const { tools } = await client.listTools();
    const measure = tools.find((tool) => tool.name === 'asking_measure');
    expect(measure?.inputSchema).toEqual(MEASURE_SCHEMAS.input);
    expect(measure?.outputSchema).toEqual(MEASURE_SCHEMAS.output);
    const result = await client.callTool({ name: 'asking_measure', arguments: { unit: 'm' } });
    expect(result.structuredContent).toEqual({ length: 3 });
  });

  it.each([
    ['missing', 'eu-west', {}, 'header is absent'],
    ['naming another value', 'eu-west', { 'mcp-param-region': 'us-east' }, 'decodes to "us-east"'],
    [
      'with a broken Base64 sentinel',
      'eu-west',
      { 'mcp-param-region': '=?base64?not*base64?=' },
      'invalid Base64',
    ],
  ])(
    'refuses a call whose header is %s: 400, -32020, naming the header',
    async (_case, region, headers, said) => {
      const before = asking.answers.length;
      const response = await post(region, headers);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toMatchObject({
        id: 7,
        error: { code: -32020, data: { mismatch: { header: 'Mcp-Param-Region' } } },
      });
      expect(body.error.message).toContain(said);
      expect(asking.answers.length).toBe(before);
    },
  );

  it('accepts a Base64-encoded value, and no header for an argument the call does not carry', async () => {
    const encoded = `=?base64?${Buffer.from('日本').toString('base64')}?=`;
    const withHeader = await post('日本', { 'mcp-param-region': encoded });
    expect(withHeader.status).toBe(200);
    expect(await withHeader.text()).toContain('routed to 日本');
    const without = await post(undefined, {});
    expect(without.status).toBe(200);
    expect(asking.answers.slice(-2)).toEqual(['route: 日本', 'route: undefined']);
  });
});
