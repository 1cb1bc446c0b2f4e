import { randomBytes } from 'node:crypto';
import {
  type CallToolResult,
  Client,
  type InputRequiredResult,
  LOG_LEVEL_META_KEY,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../src/index.ts';
import { createLogger } from '../src/observability/create-logger.ts';
import { type AskingMcpServer, startAskingMcpServer } from './support/asking-mcp-server.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

type Round = CallToolResult | InputRequiredResult;

type ElicitAnswer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | boolean> };

interface AskingClientOptions {
  key?: string;
  protocol?: 'auto' | 'legacy';
  /** Answers elicitations (declares form and URL mode). */
  elicit?: (message: string, mode: string | undefined) => ElicitAnswer;
  /** Answers sampling requests (declares sampling). */
  sample?: (prompt: string) => string;
  /** Sends each request to the gateway this picks for its body (default: the first). */
  route?: (body: string) => string;
  /** Hands `input_required` answers to the test (calls with `allowInputRequired`) instead of fulfilling them. */
  manual?: boolean;
  mode?: 'aggregate' | 'discovery';
}

/** Answers the `interview` tool's two questions: the name, then whether they are sure. */
const interview =
  (name: string, sure: boolean) =>
  (message: string): ElicitAnswer =>
    message.includes('What is your name?')
      ? { action: 'accept', content: { name } }
      : { action: 'accept', content: { sure } };

const textOf = (result: unknown) =>
  (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

/** Calls a tool at log level `info`, collecting the progress messages and log data the client receives. */
async function callHearing(client: Client, name: string) {
  const progress: string[] = [];
  const logs: unknown[] = [];
  client.setNotificationHandler('notifications/message', (notification) => {
    logs.push(notification.params.data);
  });
  const result = await client.callTool(
    { name, arguments: {}, _meta: { [LOG_LEVEL_META_KEY]: 'info' } },
    { onprogress: (update) => progress.push(update.message ?? '') },
  );
  return { result, progress, logs };
}

describe("the underlying servers' questions during a /mcp tool call", () => {
  const secretKey = randomBytes(32);
  let asking: AskingMcpServer;
  /** The same server in the 2025 era only: its questions are requests, parked while the client answers. */
  let legacy: AskingMcpServer;
  let gw: TestGateway;
  let replica: Gateway;
  let replicaUrl: string;
  const clients: Client[] = [];

  const connect = async (options: AskingClientOptions = {}) => {
    const client = new Client(
      { name: 'asking-test', version: '1.0.0' },
      {
        capabilities: {
          ...(options.elicit ? { elicitation: { form: {}, url: {} } } : {}),
          ...(options.sample ? { sampling: {} } : {}),
        },
        versionNegotiation: { mode: options.protocol ?? 'auto' },
        ...(options.manual ? { inputRequired: { autoFulfill: false } } : {}),
      },
    );
    const { elicit, sample, route } = options;
    if (elicit)
      client.setRequestHandler('elicitation/create', async ({ params }) =>
        elicit(params.message, 'mode' in params ? params.mode : undefined),
      );
    if (sample)
      client.setRequestHandler('sampling/createMessage', async ({ params }) => {
        const [message] = params.messages;
        const content = message?.content as { text?: string };
        return {
          role: 'assistant',
          model: 'test-model',
          content: { type: 'text', text: sample(content.text ?? '') },
        };
      });
    const transport = new StreamableHTTPClientTransport(
      new URL(`/mcp?mode=${options.mode ?? 'aggregate'}`, gw.url),
      {
        requestInit: { headers: { authorization: `Bearer ${options.key ?? KEYS.alice}` } },
        ...(route
          ? {
              fetch: (url: string | URL, init?: RequestInit) => {
                const target = new URL(String(url));
                const chosen = new URL(route(typeof init?.body === 'string' ? init.body : ''));
                target.host = chosen.host;
                return fetch(target, init);
              },
            }
          : {}),
      },
    );
    await client.connect(transport);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    asking = await startAskingMcpServer();
    legacy = await startAskingMcpServer({ eras: '2025' });
    const shared = {
      model: queuedModel(),
      servers: [
        { name: 'asking', url: asking.url },
        { name: 'old', url: legacy.url },
        { name: 'guarded', url: asking.url },
      ],
      allowPrivateNetworks: true,
      secretKey,
      approvalPolicy: {
        rules: [
          { match: 'asking:wipe_*', action: 'ask' as const },
          { match: 'guarded:*', action: 'ask' as const },
        ],
      },
    };
    gw = await startTestGateway('pglite', shared);
    // A second replica on the same database and configuration (and so the same secret key).
    replica = await createGateway({
      ...shared,
      database: gw.gateway.services.db,
      logger: createLogger({ level: 'silent' }),
      users: [
        { id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice },
        { id: 'bob', name: 'Bob', role: 'user', apiKey: KEYS.bob },
      ],
    });
    replicaUrl = await replica.listen(0);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await replica?.close();
    await gw?.close();
    await asking?.close();
    await legacy?.close();
  });

  it("asks a 2026-07-28 client the server's questions round by round, and returns the server's result", async () => {
    const asked: string[] = [];
    const client = await connect({
      elicit: (message) => {
        asked.push(message);
        return interview('Ada', true)(message);
      },
    });
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { result, progress, logs } = await callHearing(client, 'asking_interview');
    expect(textOf(result)).toBe('hello Ada; confirmed true');
    expect(asked).toEqual(['[server "asking"] What is your name?', '[server "asking"] Are you sure, Ada?']);
    // The SDK clients add their own progress messages for each round ("Fulfilling input required …").
    const fromServer = progress.filter((message) => !message.startsWith('Fulfilling'));
    expect(fromServer).toEqual(['asking for the name', 'asking for confirmation', 'finishing']);
    expect(logs).toEqual(['asking for the name', 'asking for confirmation', 'finishing']);
  });

  it("sends a call's progress and logs on its response to a 2026-07-28 client that answers nothing", async () => {
    const client = await connect();
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { result, progress, logs } = await callHearing(client, 'asking_count');
    expect(textOf(result)).toBe('counted');
    expect(progress).toEqual(['one', 'two']);
    expect(logs).toEqual(['one', 'two']);
    // Without a log level in the request's envelope, 2026-07-28 sends no log messages.
    await client.callTool({ name: 'asking_count', arguments: {} });
    expect(logs).toEqual(['one', 'two']);
  });

  it("runs the rounds through discovery mode's call_tool too", async () => {
    const client = await connect({
      mode: 'discovery',
      elicit: interview('Lin', true),
    });
    const result = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'asking_interview', arguments: {} },
    });
    expect(textOf(result)).toBe('hello Lin; confirmed true');
  });

  it('hands a decline back to the server, which decides what it means', async () => {
    const client = await connect({ elicit: () => ({ action: 'decline' }) });
    const before = asking.answers.length;
    const result = await client.callTool({ name: 'asking_interview', arguments: {} });
    expect(textOf(result)).toBe('no name: decline');
    expect(asking.answers.slice(before)).toEqual(['name: decline']);
  });

  it("asks the client's model for the server (sampling) and a person to open a link (URL mode)", async () => {
    const modes: Array<string | undefined> = [];
    const client = await connect({
      sample: (prompt) => `summary of "${prompt}"`,
      elicit: (_message, mode) => {
        modes.push(mode);
        return { action: 'accept' };
      },
    });
    const summary = await client.callTool({ name: 'asking_summarize', arguments: {} });
    expect(textOf(summary)).toBe('summary: summary of "Summarize: three milks"');
    const link = await client.callTool({ name: 'asking_open_link', arguments: {} });
    expect(textOf(link)).toBe('link: accept');
    expect(modes).toEqual(['url']);
  });

  it('answers -32021 naming the server when it needs what the client does not declare (a 2026-07-28 server decides that)', async () => {
    const cannotAnswer = await connect({ sample: () => 'unused' });
    const refused = await cannotAnswer
      .callTool({ name: 'asking_interview', arguments: {} })
      .catch((error) => error);
    expect(refused).toMatchObject({ code: -32021 });
    expect(refused.message).toContain('"asking" needs the client capabilities');
    expect(refused.data).toMatchObject({ requiredCapabilities: { elicitation: { form: {} } } });
  });

  it("refuses a 2025-era server's question, with a message saying why, when the client declares no way to answer it", async () => {
    const cannotAnswer = await connect({ sample: () => 'unused' });
    const refused = await cannotAnswer.callTool({ name: 'old_interview', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('this MCP client declares no form-mode elicitation');
  });

  it("relays a 2026-07-28 server's rounds as they are: its keys, its questions naming it, its state wrapped in the gateway's", async () => {
    const client = await connect({ manual: true, elicit: () => ({ action: 'cancel' }) });
    const call = (more: Record<string, unknown> = {}) =>
      client.callTool(
        { name: 'asking_interview', arguments: {}, ...more },
        { allowInputRequired: true },
      ) as Promise<Round>;
    const first = (await call()) as InputRequiredResult;
    expect(Object.keys(first.inputRequests ?? {})).toEqual(['name']);
    expect(first.inputRequests?.name).toMatchObject({
      method: 'elicitation/create',
      params: {
        message: '[server "asking"] What is your name?',
        _meta: { 'dev.switchboard/asked-by': { server: 'asking' } },
      },
    });
    const second = (await call({
      inputResponses: { name: { action: 'accept', content: { name: 'Joan' } } },
      requestState: first.requestState,
    })) as InputRequiredResult;
    expect(Object.keys(second.inputRequests ?? {})).toEqual(['confirm']);
    // The server's own state ({"name":"Joan"}) travels inside the gateway's signed one.
    expect(second.requestState).not.toContain('Joan');
    const done = (await call({
      inputResponses: { confirm: { action: 'accept', content: { sure: true } } },
      requestState: second.requestState,
    })) as CallToolResult;
    expect(textOf(done)).toBe('hello Joan; confirmed true');
  });

  it('refuses an answer that is not one to what was asked, and passes answers sent ahead on a first call', async () => {
    const client = await connect({ manual: true, elicit: () => ({ action: 'cancel' }) });
    const call = (more: Record<string, unknown> = {}) =>
      client.callTool(
        { name: 'asking_interview', arguments: {}, ...more },
        { allowInputRequired: true },
      ) as Promise<Round>;
    const first = (await call()) as InputRequiredResult;
    await expect(
      call({ inputResponses: { name: { roots: 'not a list' } }, requestState: first.requestState }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('"name" does not answer') });

    const before = asking.answers.length;
    const ahead = (await call({
      inputResponses: { name: { action: 'decline' }, unrelated: 12345 },
    })) as CallToolResult;
    expect(textOf(ahead)).toBe('no name: decline');
    expect(asking.answers.slice(before)).toEqual(['name: decline']);
  });

  it("relays a 2026-07-28 server's prompt that asks first, as a tool call's rounds, to a 2026-07-28 client", async () => {
    const asked: string[] = [];
    const client = await connect({
      elicit: (message) => {
        asked.push(message);
        return { action: 'accept', content: { topic: 'tides' } };
      },
    });
    const prompt = await client.getPrompt({ name: 'asking_briefing' });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'brief on tides' } }]);
    expect(asked).toEqual(['[server "asking"] Which topic?']);
  });

  it("asks the person to approve a guarded call once, then relays its server's rounds, and audits it once", async () => {
    const asked: string[] = [];
    const client = await connect({
      key: KEYS.bob,
      elicit: (message) => {
        asked.push(message);
        if (message.startsWith('[Switchboard gateway]'))
          return { action: 'accept', content: { approve: true } };
        return interview('Eve', true)(message);
      },
    });
    const result = await client.callTool({ name: 'guarded_interview', arguments: {} });
    expect(textOf(result)).toBe('hello Eve; confirmed true');
    expect(asked).toEqual([
      expect.stringMatching(/^\[Switchboard gateway\] Allow guarded:interview to run/),
      '[server "guarded"] What is your name?',
      '[server "guarded"] Are you sure, Eve?',
    ]);
    await expect
      .poll(async () => {
        const { rows } = await gw.gateway.services.db.query<{ tool: string; status: string }>(
          "SELECT tool, status FROM mcp_endpoint_calls WHERE user_id = 'bob' AND server = 'guarded'",
        );
        return rows;
      })
      .toEqual([{ tool: 'interview', status: 'ok' }]);
  });

  it('still forwards the questions as requests to the client on a 2025 session', async () => {
    const asked: string[] = [];
    const client = await connect({
      protocol: 'legacy',
      elicit: (message) => {
        asked.push(message);
        return interview('Grace', false)(message);
      },
    });
    expect(client.getNegotiatedProtocolVersion()).toMatch(/^2025-/);
    const result = await client.callTool({ name: 'asking_interview', arguments: {} });
    expect(textOf(result)).toBe('hello Grace; confirmed false');
    expect(asked).toEqual(['[server "asking"] What is your name?', '[server "asking"] Are you sure, Grace?']);
  });

  it("refuses a request state minted for another user, or forged, and continues only the user's own call, once", async () => {
    const elicit = (): ElicitAnswer => ({ action: 'cancel' });
    const alice = await connect({ manual: true, elicit });
    const call = (client: Client, more: Record<string, unknown> = {}) =>
      client.callTool(
        { name: 'asking_interview', arguments: {}, ...more },
        { allowInputRequired: true },
      ) as Promise<Round>;
    const first = (await call(alice)) as InputRequiredResult;
    expect(first.resultType).toBe('input_required');
    const inputResponses = { name: { action: 'accept', content: { name: 'Alice' } } };

    const bob = await connect({ key: KEYS.bob, manual: true, elicit });
    await expect(call(bob, { inputResponses, requestState: first.requestState })).rejects.toThrow(
      /Invalid or expired requestState/,
    );
    const [version, body, mac] = (first.requestState as string).split('.');
    const payload = JSON.parse(Buffer.from(body as string, 'base64url').toString());
    payload.p.relay.asked = { name: 'roots/list' };
    const forged = `${version}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
    await expect(call(alice, { inputResponses, requestState: forged })).rejects.toThrow(
      /Invalid or expired requestState/,
    );

    const before = asking.answers.length;
    const second = (await call(alice, {
      inputResponses,
      requestState: first.requestState,
    })) as InputRequiredResult;
    expect(JSON.stringify(second.inputRequests)).toContain('Are you sure, Alice?');
    // Each round's answers count once: the same state again reaches no server.
    await expect(call(alice, { inputResponses, requestState: first.requestState })).rejects.toThrow(
      /this round was answered already/,
    );
    expect(asking.answers.slice(before)).toEqual(['name: accept']);
    const done = (await call(alice, {
      inputResponses: { confirm: { action: 'accept', content: { sure: true } } },
      requestState: second.requestState,
    })) as CallToolResult;
    expect(textOf(done)).toBe('hello Alice; confirmed true');
  });

  it('takes an approval answered on another replica: both derive the request-state key from the secret', async () => {
    const routed: string[] = [];
    const client = await connect({
      elicit: () => ({ action: 'accept', content: { approve: true } }),
      route: (body) => {
        const target = body.includes('"requestState"') ? replicaUrl : gw.url;
        routed.push(target);
        return target;
      },
    });
    const result = await client.callTool({ name: 'asking_wipe_all', arguments: {} });
    expect(textOf(result)).toBe('wiped');
    expect(routed.at(-1)).toBe(replicaUrl);
  });

  it("continues a 2026-07-28 server's call on whichever replica the answers reach: the rounds carry all of it", async () => {
    const routed: string[] = [];
    const client = await connect({
      key: KEYS.bob,
      elicit: interview('Ada', true),
      route: (body) => {
        const target = body.includes('"requestState"') ? replicaUrl : gw.url;
        routed.push(target);
        return target;
      },
    });
    const result = await client.callTool({ name: 'asking_interview', arguments: {} });
    expect(textOf(result)).toBe('hello Ada; confirmed true');
    expect(routed.filter((target) => target === replicaUrl)).toHaveLength(2);
  });

  it("tells the client to call again when the answer for a 2025-era server's waiting call reaches another replica", async () => {
    // Bob's call stays parked on the first replica until it times out.
    const client = await connect({
      key: KEYS.bob,
      elicit: () => ({ action: 'accept', content: { name: 'Ada' } }),
      route: (body) => (body.includes('"requestState"') ? replicaUrl : gw.url),
    });
    const result = await client.callTool({ name: 'old_interview', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('no longer waiting on this gateway');
    expect(textOf(result)).toContain('Call the tool again');
  });

  it("parks a 2025-era server's call while a 2026-07-28 client answers its questions", async () => {
    const client = await connect({ elicit: interview('Kay', false) });
    const result = await client.callTool({ name: 'old_interview', arguments: {} });
    expect(textOf(result)).toBe('hello Kay; confirmed false');
  });
});
