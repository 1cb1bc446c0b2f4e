import {
  type CallToolResult,
  Client,
  type ElicitResult,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AskingMcpServer, startAskingMcpServer } from './support/asking-mcp-server.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

let asking: AskingMcpServer;
let gw: TestGateway;
const clients: Client[] = [];

beforeAll(async () => {
  asking = await startAskingMcpServer();
  gw = await startTestGateway('pglite', {
    model: queuedModel(),
    servers: [{ name: 'asking', url: asking.url }],
    allowPrivateNetworks: true,
  });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await gw?.close();
  await asking?.close();
});

/** A 2025-era /mcp client of Alice's that answers the interview as `name`, recording the questions. */
async function person(name: string, sure: boolean, asked: string[]): Promise<Client> {
  const client = new Client(
    { name: `client of ${name}`, version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'legacy' } },
  );
  client.setRequestHandler('elicitation/create', async ({ params }): Promise<ElicitResult> => {
    asked.push(params.message);
    return params.message.includes('What is your name?')
      ? { action: 'accept', content: { name } }
      : { action: 'accept', content: { sure } };
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', gw.url), {
      requestInit: { headers: { authorization: `Bearer ${KEYS.alice}` } },
    }),
  );
  clients.push(client);
  return client;
}

const textOf = (result: unknown) =>
  (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

it("two of a user's /mcp sessions calling the same server at once each answer their own call's questions", async () => {
  const [adaAsked, graceAsked]: string[][] = [[], []];
  const ada = await person('Ada', true, adaAsked);
  const grace = await person('Grace', false, graceAsked);

  const [adaResult, graceResult] = await Promise.all([
    ada.callTool({ name: 'asking_interview', arguments: {} }),
    grace.callTool({ name: 'asking_interview', arguments: {} }),
  ]);

  expect(textOf(adaResult)).toBe('hello Ada; confirmed true');
  expect(textOf(graceResult)).toBe('hello Grace; confirmed false');
  expect(adaAsked).toEqual(['[server "asking"] What is your name?', '[server "asking"] Are you sure, Ada?']);
  expect(graceAsked).toEqual([
    '[server "asking"] What is your name?',
    '[server "asking"] Are you sure, Grace?',
  ]);
});
