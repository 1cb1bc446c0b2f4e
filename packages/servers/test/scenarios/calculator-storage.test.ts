import { AgentSession, McpConnection, type McpToolClient, type ToolLayer } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createCalculatorStorageServer,
  type HttpServing,
  serveHttp,
  startCalculatorStorage,
} from '../../src/index.ts';
import { latestToolResults, runScripted, transcript } from '../support/scripted-run.ts';

/** Where the calculator and storage tools come from, and what reading `storage://greeting` gives. */
interface Backend {
  layers: ToolLayer[];
  mcpClients?: ReadonlyMap<string, McpToolClient>;
  readGreeting(): Promise<string>;
  close(): Promise<void>;
}

/** Our shipped MCP server, served over Streamable HTTP on loopback. */
async function shippedServer(): Promise<Backend> {
  const server = await startCalculatorStorage();
  const http: HttpServing = await serveHttp(server.createServer);
  const connection = new McpConnection({ name: 'calculator', transport: { type: 'http', url: http.url } });
  return {
    layers: [await connection.layer()],
    mcpClients: new Map([['calculator', connection]]),
    readGreeting: async () => {
      const [content] = (await connection.readResource('storage://greeting')).contents;
      return 'text' in content ? content.text : '';
    },
    close: async () => {
      await connection.close();
      await http.close();
      await server.close();
    },
  };
}

/** Core's in-page WebMCP server of the seed, executed by function call. */
async function inPageServer(): Promise<Backend> {
  const server = createCalculatorStorageServer('calculator');
  return {
    layers: [server.layer()],
    readGreeting: async () => (await server.readResource('storage://greeting')).contents[0].text,
    close: async () => {},
  };
}

/** The seed's in-page server scenarios, driven by a scripted model through the loop, on both implementations. */
describe.each([
  { kind: 'shipped MCP server over HTTP', protocol: 'mcp', start: shippedServer },
  { kind: 'in-page WebMCP server', protocol: 'webmcp', start: inPageServer },
])('scenario: calculator and storage ($kind)', ({ protocol, start }) => {
  const tool = (name: string) => `calculator_${protocol}_${name}`;
  let backend: Backend;

  beforeAll(async () => {
    backend = await start();
  });
  afterAll(() => backend.close());

  test('"What is 5 plus 3?": calculate → answer', async () => {
    const { result } = await runScripted(
      'What is 5 plus 3?',
      [
        { toolCalls: [{ id: 'sum', name: tool('calculate'), input: { operation: 'add', a: 5, b: 3 } }] },
        (request) => ({ text: `5 plus 3 is ${latestToolResults(request)[0].content}.` }),
      ],
      { layers: backend.layers, mcpClients: backend.mcpClients },
    );
    expect(result.stopReason).toBe('end_turn');
    expect(transcript(result)).toEqual([
      { name: tool('calculate'), args: { operation: 'add', a: 5, b: 3 }, result: '8', isError: false },
    ]);
    expect(result.text).toBe('5 plus 3 is 8.');
  });

  test('"store hello under greeting", then "what is stored in greeting": two runs on one session', async () => {
    const session = new AgentSession();
    const options = { layers: backend.layers, mcpClients: backend.mcpClients, session };

    const store = await runScripted(
      'Store "hello" with key "greeting"',
      [
        { toolCalls: [{ id: 'set', name: tool('set-storage'), input: { key: 'greeting', value: 'hello' } }] },
        { text: 'Stored "hello" under "greeting".' },
      ],
      options,
    );
    expect(transcript(store.result)).toEqual([
      {
        name: tool('set-storage'),
        args: { key: 'greeting', value: 'hello' },
        result: 'Stored value at key: greeting',
        isError: false,
      },
    ]);
    expect(store.result.text).toBe('Stored "hello" under "greeting".');
    expect(await backend.readGreeting()).toBe('hello');

    const recall = await runScripted(
      'What is stored in "greeting"?',
      [
        { toolCalls: [{ id: 'get', name: tool('get-storage'), input: { key: 'greeting' } }] },
        (request) => ({ text: `"greeting" holds "${latestToolResults(request)[0].content}".` }),
      ],
      options,
    );
    expect(recall.result.stopReason).toBe('end_turn');
    // The second run starts from the first one's history.
    expect(recall.model.requests[0].messages).toEqual(session.messages.slice(0, 5));
    expect(transcript(recall.result)).toEqual([
      { name: tool('get-storage'), args: { key: 'greeting' }, result: 'hello', isError: false },
    ]);
    expect(recall.result.text).toBe('"greeting" holds "hello".');
    expect(recall.result.session).toBe(session);
    expect(session.messages).toEqual([
      { role: 'user', content: 'Store "hello" with key "greeting"' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'set',
            name: tool('set-storage'),
            input: { key: 'greeting', value: 'hello' },
          },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'set', content: 'Stored value at key: greeting' }],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Stored "hello" under "greeting".' }] },
      { role: 'user', content: 'What is stored in "greeting"?' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'get', name: tool('get-storage'), input: { key: 'greeting' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'get', content: 'hello' }] },
      { role: 'assistant', content: [{ type: 'text', text: '"greeting" holds "hello".' }] },
    ]);
  });
});
