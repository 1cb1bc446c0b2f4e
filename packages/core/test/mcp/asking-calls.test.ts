import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
} from '@modelcontextprotocol/client';
import { afterEach, describe, expect, test } from 'vitest';
import type { McpConnectionOptions } from '../../src/mcp/connection/connection-options.ts';
import { McpConnection } from '../../src/mcp/index.ts';
import { stdioTransport } from '../../src/mcp-node/index.ts';
import type { ToolOutput } from '../../src/types/tool-call.ts';
import { createAskingServer } from '../fixtures/asking-server.ts';
import { listen, type McpNodeHandler, modernHandler, sessionfulHandler } from '../fixtures/http-servers.ts';
import { callContext, fixturePath } from '../support/mcp-test-servers.ts';

type Person = 'ada' | 'grace';

/** Two people in two conversations: each records the questions put to them and answers with their name. */
function twoConversations() {
  const asked: Record<Person, string[]> = { ada: [], grace: [] };
  const answerer =
    (person: Person) =>
    async (params: ElicitRequestParams): Promise<ElicitResult> => {
      asked[person].push(params.message);
      return { action: 'accept', content: { text: `from ${person}` } };
    };
  return { asked, ada: answerer('ada'), grace: answerer('grace') };
}

/** Calls `ask` twice at once on one connection: label A for Ada's conversation, B for Grace's. */
async function askBoth(connection: McpConnection, people: ReturnType<typeof twoConversations>) {
  const call = (label: string, elicitation: typeof people.ada) =>
    connection.callTool('ask', { label }, { ...callContext(), serverRequests: { elicitation } });
  return Promise.all([call('A', people.ada), call('B', people.grace)]);
}

describe('a server’s question during a tool call reaches the conversation whose call asked', () => {
  let connection: McpConnection | undefined;
  const teardown: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
    for (const step of teardown.splice(0).reverse()) await step();
  });

  function connect(options: Partial<McpConnectionOptions> & Pick<McpConnectionOptions, 'transport'>) {
    connection = new McpConnection({
      name: 'asking',
      timeoutMs: 10_000,
      answerThroughCalls: ['elicitation'],
      ...options,
    });
    return connection;
  }

  test.each([
    {
      era: '2025-11-25 sessions: the question rides the response stream of the call’s own POST',
      version: '2025-11-25',
      serve: sessionfulHandler,
    },
    {
      era: '2026-07-28 stateless: the question is embedded in the call’s input_required result',
      version: '2026-07-28',
      serve: modernHandler,
    },
  ])('over Streamable HTTP, $era', async ({ version, serve }) => {
    const handler: McpNodeHandler = serve(() => createAskingServer());
    const headersSeen: string[] = [];
    const server = await listen((req, res) => {
      headersSeen.push(...Object.keys(req.headers));
      return handler.handle(req, res);
    });
    teardown.push(
      () => server.close(),
      () => handler.close(),
    );
    const people = twoConversations();
    const connection = connect({ transport: { type: 'http', url: server.url } });

    const [a, b] = await askBoth(connection, people);

    expect(connection.info.protocolVersion).toBe(version);
    expect(a).toMatchObject({ text: 'A: from ada' });
    expect(b).toMatchObject({ text: 'B: from grace' });
    expect(people.asked).toEqual({ ada: ['question for A'], grace: ['question for B'] });
    expect(headersSeen).not.toContain('x-switchboard-call');
  });

  test.each([
    { era: '2025-11-25 sessions', serve: sessionfulHandler },
    { era: '2026-07-28 stateless', serve: modernHandler },
  ])(
    'a sampling request reaches the model of the conversation whose call asked ($era)',
    async ({ serve }) => {
      const handler: McpNodeHandler = serve(() => createAskingServer());
      const server = await listen(handler.handle);
      teardown.push(
        () => server.close(),
        () => handler.close(),
      );
      const prompts: Record<Person, string[]> = { ada: [], grace: [] };
      const model =
        (person: Person) =>
        async (params: CreateMessageRequestParams): Promise<CreateMessageResult> => {
          const [message] = params.messages;
          prompts[person].push((message.content as { text: string }).text);
          return {
            role: 'assistant',
            model: `${person}-model`,
            content: { type: 'text', text: `by ${person}` },
          };
        };
      const connection = connect({
        transport: { type: 'http', url: server.url },
        answerThroughCalls: ['sampling'],
      });
      const call = (label: string, sampling: ReturnType<typeof model>) =>
        connection.callTool('sample', { label }, { ...callContext(), serverRequests: { sampling } });

      const [a, b] = await Promise.all([call('A', model('ada')), call('B', model('grace'))]);

      expect([a.text, b.text]).toEqual(['A: by ada', 'B: by grace']);
      expect(prompts).toEqual({ ada: ['prompt for A'], grace: ['prompt for B'] });
    },
  );

  test('over stdio in 2026-07-28: the question is embedded in the call’s input_required result', async () => {
    const people = twoConversations();
    const connection = connect({
      transport: stdioTransport({ command: process.execPath, args: [fixturePath('asking-stdio-server.ts')] }),
    });

    const [a, b] = await askBoth(connection, people);

    expect(connection.info.protocolVersion).toBe('2026-07-28');
    expect([a.text, b.text]).toEqual(['A: from ada', 'B: from grace']);
    expect(people.asked).toEqual({ ada: ['question for A'], grace: ['question for B'] });
  });

  test('over stdio in 2025 nothing says which call asked: a question while two conversations’ calls run is refused, none reaches the wrong person', async () => {
    const people = twoConversations();
    const connection = connect({
      transport: stdioTransport({ command: process.execPath, args: [fixturePath('asking-stdio-server.ts')] }),
      protocol: 'legacy',
    });

    const outputs = await askBoth(connection, people);

    expect(connection.info.protocolVersion).toBe('2025-11-25');
    const refused = (output: ToolOutput) =>
      output.isError === true &&
      output.text.includes('2 conversations have tool calls running on this server');
    expect(outputs.filter(refused).length).toBeGreaterThanOrEqual(1);
    const [a, b] = outputs;
    if (!refused(a)) expect(a.text).toBe('A: from ada');
    if (!refused(b)) expect(b.text).toBe('B: from grace');
    expect(people.asked.ada.every((question) => question === 'question for A')).toBe(true);
    expect(people.asked.grace.every((question) => question === 'question for B')).toBe(true);
  });

  test('over stdio in 2025, a question from a call that cannot answer is refused while another conversation’s call runs, and never reaches that person', async () => {
    const connection = connect({
      transport: stdioTransport({ command: process.execPath, args: [fixturePath('asking-stdio-server.ts')] }),
      protocol: 'legacy',
    });
    const askedGrace: string[] = [];
    let withoutAnswerer: Promise<ToolOutput> | undefined;
    // Grace is asked first; while she answers, a call of another conversation (no answerer) asks too.
    const grace = async (params: ElicitRequestParams): Promise<ElicitResult> => {
      askedGrace.push(params.message);
      if (withoutAnswerer === undefined) {
        withoutAnswerer = connection.callTool('ask', { label: 'A' }, callContext());
        await withoutAnswerer;
      }
      return { action: 'accept', content: { text: 'from grace' } };
    };

    const b = await connection.callTool(
      'ask',
      { label: 'B' },
      { ...callContext(), serverRequests: { elicitation: grace } },
    );

    expect(b.text).toBe('B: from grace');
    const a = await withoutAnswerer;
    expect(a?.isError).toBe(true);
    expect(a?.text).toContain('2 conversations have tool calls running on this server');
    expect(askedGrace).toEqual(['question for B']);
  });

  test('over stdio in 2025, the calls of one conversation still share its answerer', async () => {
    const people = twoConversations();
    const connection = connect({
      transport: stdioTransport({ command: process.execPath, args: [fixturePath('asking-stdio-server.ts')] }),
      protocol: 'legacy',
    });
    const call = (label: string) =>
      connection.callTool(
        'ask',
        { label },
        { ...callContext(), serverRequests: { elicitation: people.ada } },
      );

    const [a, b] = await Promise.all([call('A'), call('B')]);

    expect([a.text, b.text]).toEqual(['A: from ada', 'B: from ada']);
    expect(people.asked.ada.toSorted()).toEqual(['question for A', 'question for B']);
  });
});
