import { createWebMcpServer, SchemaValidator } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventTypes, readSse } from './support/http-client.ts';
import type { QueuedModel } from './support/queued-model.ts';
import { testBackends } from './support/test-database.ts';
import type { TestGateway } from './support/test-gateway.ts';
import { startToolsGateway, type ToolsGateway } from './support/tools-gateway.ts';

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe.each(testBackends())('gateway API over HTTP (%s)', (backend) => {
  let stack: ToolsGateway;
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    const ui = createWebMcpServer('ui', { description: 'Shows widgets on the canvas.' });
    ui.registerTool({
      name: 'widget_display',
      description: 'Shows a widget.',
      inputSchema: {
        type: 'object',
        properties: { widget: { type: 'string' }, data: { type: 'object' } },
        required: ['widget', 'data'],
      },
      // Like autoui's widget_display, it shows the widget by emitting the `widget` event.
      execute: (input, context) => {
        const id = `w_${context.toolCallId}`;
        const data = input.data as Record<string, unknown>;
        context.emit?.('widget', {
          id,
          type: String(input.widget),
          data,
          toolCallId: context.toolCallId ?? '',
        });
        return { widget: input.widget, data, id };
      },
    });
    stack = await startToolsGateway(backend, {
      description: 'Test tools',
      gateway: { extraLayers: [ui.layer()], limits: { requestsPerMinute: 1000, maxBodyBytes: 64 * 1024 } },
    });
    ({ model, gateway: gw } = stack);
  });

  afterAll(() => stack?.close());

  const newConversation = async (body: Record<string, unknown> = {}) => {
    const reply = await gw.alice.post('/conversations', body);
    expect(reply.status).toBe(201);
    return reply.body as { id: string };
  };

  it('serves an OpenAPI document covering every route, with request schemas that compile', async () => {
    const reply = await apiClient(gw.url).get('/openapi.json');
    expect(reply.status).toBe(200);
    const paths = reply.body.paths as Record<string, Record<string, unknown>>;
    const expected: Array<[string, string]> = [
      ['/conversations', 'post'],
      ['/conversations', 'get'],
      ['/conversations/{id}', 'get'],
      ['/conversations/{id}', 'patch'],
      ['/conversations/{id}', 'delete'],
      ['/conversations/{id}/messages', 'get'],
      ['/conversations/{id}/messages', 'post'],
      ['/conversations/{id}/messages/{messageId}', 'delete'],
      ['/conversations/{id}/tools/available', 'get'],
      ['/conversations/{id}/tools', 'get'],
      ['/conversations/{id}/tools', 'post'],
      ['/conversations/{id}/tools/{serverId}/{toolName}', 'delete'],
      ['/conversations/{id}/chat', 'post'],
      ['/conversations/{id}/tool-results', 'post'],
      ['/conversations/{id}/approvals', 'post'],
      ['/conversations/{id}/stop', 'post'],
      ['/conversations/{id}/stream', 'get'],
      ['/chat/v1/conversation', 'post'],
      ['/servers', 'get'],
      ['/servers', 'post'],
      ['/servers/{id}', 'delete'],
      ['/servers/{id}/start', 'post'],
      ['/servers/{id}/stop', 'post'],
      ['/servers/{id}/tools', 'get'],
      ['/servers/{id}/tools/call', 'post'],
      ['/servers/{id}/authorize', 'post'],
      ['/servers/{id}/authorization', 'delete'],
      ['/oauth/callback', 'get'],
      ['/users/{id}', 'get'],
      ['/users/{id}', 'patch'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const validator = new SchemaValidator({
      onInvalidSchema: (_schema, error) => {
        throw new Error(error);
      },
    });
    for (const schema of Object.values(
      reply.body.components.schemas as Record<string, Record<string, unknown>>,
    )) {
      if (JSON.stringify(schema).includes('$ref')) continue;
      validator.validate(schema, {});
    }
  });

  it('requires an API key and says how to send it', async () => {
    const anonymous = await apiClient(gw.url).get('/conversations');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/Bearer/);
    expect(anonymous.body.error.message).toMatch(/Authorization: Bearer/);
    expect((await apiClient(gw.url, 'sk-wrong').get('/me')).status).toBe(401);
    expect((await gw.alice.get('/me')).body).toEqual({ id: 'alice', name: 'Alice', role: 'user' });
    expect((await gw.alice.get('/api/me')).body.id).toBe('alice');
  });

  it('creates, reads, updates, lists (paginated, searchable) and deletes conversations', async () => {
    const created = await gw.alice.post('/conversations', {
      title: 'Groceries',
      system_prompt: 'Be brief.',
      context: { store: 'Main street' },
      approval_policy: { rules: [{ match: 'tools:*', action: 'allow' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Groceries',
      system_prompt: 'Be brief.',
      status: 'idle',
      pending: [],
    });
    const id = created.body.id;
    expect((await gw.alice.get(`/conversations/${id}`)).body.context).toEqual({ store: 'Main street' });
    const patched = await gw.alice.patch(`/conversations/${id}`, {
      title: 'Weekly groceries',
      limits: { tool_turns_per_request: 5 },
    });
    expect(patched.body).toMatchObject({ title: 'Weekly groceries', limits: { tool_turns_per_request: 5 } });

    const ids = new Set<string>();
    for (let i = 0; i < 4; i++) ids.add((await newConversation({ title: `Paged ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await gw.alice.get(`/conversations?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((item: { id: string }) => item.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const paged of ids) expect(seen).toContain(paged);

    const found = await gw.alice.get('/conversations?q=weekly');
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await gw.alice.get('/conversations?cursor=bogus')).body.error.code).toBe('invalid_cursor');
    expect((await gw.alice.get('/conversations?limit=0')).status).toBe(400);

    expect((await gw.alice.delete(`/conversations/${id}`)).status).toBe(200);
    expect((await gw.alice.get(`/conversations/${id}`)).status).toBe(404);
  });

  it("answers 404 without content for another user's conversation, whatever the route", async () => {
    const { id } = await newConversation({ title: 'Secret plans' });
    const attempts = [
      gw.bob.get(`/conversations/${id}`),
      gw.bob.patch(`/conversations/${id}`, { title: 'mine' }),
      gw.bob.get(`/conversations/${id}/messages`),
      gw.bob.post(`/conversations/${id}/messages`, { role: 'user', content: 'hi' }),
      gw.bob.post(`/conversations/${id}/chat`, { content: 'hi' }),
      gw.bob.post(`/conversations/${id}/tool-results`, { results: [{ call_id: 'x', content: 'y' }] }),
      gw.bob.post(`/conversations/${id}/approvals`, { call_id: 'x', decision: 'approve' }),
      gw.bob.post(`/conversations/${id}/stop`),
      gw.bob.get(`/conversations/${id}/stream`),
      gw.bob.get(`/conversations/${id}/canvas`),
      gw.bob.get(`/conversations/${id}/tools`),
      gw.bob.delete(`/conversations/${id}`),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(404);
      expect(JSON.stringify(reply.body)).not.toContain('Secret plans');
      expect(reply.body.error.code).toBe('conversation_not_found');
    }
    expect((await gw.bob.get('/conversations')).body.items).toEqual([]);
    expect((await gw.alice.get(`/conversations/${id}`)).body.title).toBe('Secret plans');
  });

  it('runs a chat turn as one JSON answer and stores both messages', async () => {
    const { id } = await newConversation();
    model.enqueue({ text: 'Hello! How can I help?' });
    const reply = await gw.alice.post(`/conversations/${id}/chat`, { content: 'Hi there' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      stop_reason: 'end_turn',
      user_message: { role: 'user', content: 'Hi there' },
      assistant_message: { role: 'assistant', content: 'Hello! How can I help?' },
      message: 'Chat completed successfully',
    });
    const messages = (await gw.alice.get(`/conversations/${id}/messages`)).body.items;
    expect(messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'Hi there'],
      ['assistant', 'Hello! How can I help?'],
    ]);
    expect(messages[0].timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const conversation = (await gw.alice.get(`/conversations/${id}`)).body;
    expect(conversation).toMatchObject({ title: 'Hi there', status: 'idle' });
  });

  it('calls MCP tools, stores the tool calls and results, and keeps the history for the next turn', async () => {
    const { id } = await newConversation();
    model.enqueue(
      { toolCalls: [{ id: 'call_echo_1', name: 'tools_mcp_echo', input: { text: 'milk' } }] },
      (request) => {
        const last = request.messages.at(-1);
        const result = Array.isArray(last?.content)
          ? last.content.find((block) => block.type === 'tool_result')
          : undefined;
        return { text: `The tool said ${result && 'content' in result ? result.content : 'nothing'}` };
      },
    );
    const reply = await gw.alice.post(`/conversations/${id}/chat`, { content: 'Echo milk' });
    expect(reply.body.assistant_message.content).toBe('The tool said echo: milk');
    const messages = (await gw.alice.get(`/conversations/${id}/messages`)).body.items;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[1]).toMatchObject({
      content: null,
      tool_calls: [
        {
          id: 'call_echo_1',
          type: 'function',
          function: { name: 'tools_mcp_echo', arguments: '{"text":"milk"}' },
        },
      ],
    });
    expect(messages[2]).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_echo_1',
      name: 'tools_mcp_echo',
      content: 'echo: milk',
    });

    model.enqueue({ text: 'Still here.' });
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'And now?' });
    const sent = model.requests.at(-1);
    expect(sent?.messages.length).toBe(5);
    expect(sent?.tools.map((tool) => tool.name)).toContain('tools_mcp_echo');
  });

  it('lists available tools, enables and disables them, and offers only the enabled ones', async () => {
    const { id } = await newConversation();
    const servers = (await gw.alice.get('/servers')).body.items;
    const tools = servers.find((server: { name: string }) => server.name === 'tools');
    const available = await gw.alice.get(`/conversations/${id}/tools/available`);
    const names = available.body.items
      .filter((item: { server: string }) => item.server === 'tools')
      .map((item: { tool_name: string }) => item.tool_name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'show_products', 'delete_everything', 'block']));
    // A tool's human title: its own, else its annotations' title; none when the server gives none.
    const titles = Object.fromEntries(
      available.body.items
        .filter((item: { server: string }) => item.server === 'tools')
        .map((item: { tool_name: string; title?: string }) => [item.tool_name, item.title]),
    );
    expect(titles).toMatchObject({ echo: 'Echo text', delete_everything: 'Delete everything' });
    expect(titles.show_products).toBeUndefined();
    expect(available.body.items.every((item: { enabled: boolean }) => !item.enabled)).toBe(true);

    const enabled = await gw.alice.post(`/conversations/${id}/tools`, {
      server_id: tools.id,
      tool_name: 'echo',
    });
    expect(enabled.status).toBe(201);
    expect(enabled.body.items).toEqual([{ server_id: tools.id, tool_name: 'echo' }]);
    expect(
      (await gw.alice.post(`/conversations/${id}/tools`, { server_id: tools.id, tool_name: 'nope' })).body
        .error.code,
    ).toBe('tool_not_found');
    expect(
      (await gw.alice.post(`/conversations/${id}/tools`, { server_id: 'srv_missing', tool_name: 'echo' }))
        .status,
    ).toBe(404);
    expect((await gw.alice.get(`/conversations/${id}/tools`)).body.items).toHaveLength(1);

    model.enqueue({ text: 'ok' });
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'What can you do?' });
    expect(model.requests.at(-1)?.system).toContain('- tools (mcp, 1 tool)');

    expect((await gw.alice.delete(`/conversations/${id}/tools/${tools.id}/echo`)).body.items).toEqual([]);
    expect((await gw.alice.delete(`/conversations/${id}/tools/${tools.id}/echo`)).status).toBe(404);
  });

  it('streams a turn as numbered AG-UI events, acknowledging the user message first', async () => {
    const { id } = await newConversation();
    model.enqueue({ text: 'Streaming works.' });
    const response = await gw.alice.fetch(`/conversations/${id}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content: 'Stream please' }),
    });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = await readSse(response);
    const types = eventTypes(events);
    expect(types[0]).toBe('CUSTOM:user_message');
    expect(types).toContain('RUN_STARTED');
    expect(types).toContain('TEXT_MESSAGE_CONTENT');
    expect(types.slice(-2)).toEqual(['CUSTOM:turn_saved', 'RUN_FINISHED']);
    const ids = events.map((event) => Number(event.id));
    expect(ids).toEqual(ids.map((_, index) => ids[0] + index));
    const text = events
      .filter((e) => e.data.type === 'TEXT_MESSAGE_CONTENT')
      .map((e) => e.data.delta)
      .join('');
    expect(text).toBe('Streaming works.');
    const saved = events.find((event) => event.data.name === 'turn_saved')?.data.value;
    expect(saved.messages[0]).toMatchObject({ role: 'assistant', content: 'Streaming works.' });
  });

  it('resumes a dropped stream from Last-Event-ID without losing or repeating events', async () => {
    const { id } = await newConversation();
    const release = gate();
    model.enqueue({ before: 'First part. ', wait: release.wait, reply: { text: 'Second part.' } });
    const response = await gw.alice.fetch(`/conversations/${id}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content: 'Two parts' }),
    });
    const head = await readSse(response, (event) => event.data.type === 'TEXT_MESSAGE_CONTENT');
    release.open();
    const rest = await readSse(
      await gw.alice.fetch(`/conversations/${id}/stream`, {
        headers: { 'last-event-id': head.at(-1)?.id as string },
      }),
    );
    const all = [...head, ...rest];
    const ids = all.map((event) => Number(event.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(ids.map((_, index) => ids[0] + index));
    expect(eventTypes(rest).at(-1)).toBe('RUN_FINISHED');
    const text = all
      .filter((e) => e.data.type === 'TEXT_MESSAGE_CONTENT')
      .map((e) => e.data.delta)
      .join('');
    expect(text).toBe('First part. Second part.');

    const replay = await readSse(await gw.alice.fetch(`/conversations/${id}/stream?after=0`));
    expect(replay.map((event) => event.id)).toEqual(all.map((event) => event.id));
  });

  it('refuses a second turn while one runs, and stops a running turn on request', async () => {
    const { id } = await newConversation();
    const never = gate();
    model.enqueue({ before: 'Working on it', wait: never.wait, reply: { text: 'never sent' } });
    const requestsBefore = model.requests.length;
    const running = gw.alice.post(`/conversations/${id}/chat`, { content: 'Take your time' });
    await expect.poll(() => model.requests.length).toBe(requestsBefore + 1);
    const busy = await gw.alice.post(`/conversations/${id}/chat`, { content: 'Me too' });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('conversation_busy');
    expect((await gw.alice.get(`/conversations/${id}`)).body.status).toBe('running');

    expect((await gw.alice.post(`/conversations/${id}/stop`)).body).toEqual({
      success: true,
      stopping: true,
    });
    const stopped = await running;
    expect(stopped.body).toMatchObject({ success: true, stop_reason: 'aborted', message: 'Stopped' });
    expect((await gw.alice.get(`/conversations/${id}`)).body.status).toBe('idle');
    const roles = (await gw.alice.get(`/conversations/${id}/messages`)).body.items.map(
      (m: { role: string }) => m.role,
    );
    expect(roles).toEqual(['user', 'assistant']);
    expect((await gw.alice.post(`/conversations/${id}/stop`)).body.stopping).toBe(false);
  });

  it('adds and deletes messages by hand and rebuilds the history the model sees', async () => {
    const { id } = await newConversation();
    model.enqueue(
      { toolCalls: [{ id: 'call_del', name: 'tools_mcp_echo', input: { text: 'x' } }] },
      { text: 'Done.' },
    );
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'Use a tool' });
    const added = await gw.alice.post(`/conversations/${id}/messages`, {
      role: 'system',
      content: 'Prefer metric units.',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ role: 'system', content: 'Prefer metric units.' });
    expect(
      (await gw.alice.post(`/conversations/${id}/messages`, { role: 'tool', content: 'x' })).status,
    ).toBe(400);
    expect(
      (await gw.alice.post(`/conversations/${id}/messages`, { role: 'robot', content: 'x' })).status,
    ).toBe(400);

    const messages = (await gw.alice.get(`/conversations/${id}/messages`)).body.items;
    const withCalls = messages.find((m: { tool_calls?: unknown }) => m.tool_calls);
    const deleted = await gw.alice.delete(`/conversations/${id}/messages/${withCalls.id}`);
    expect(deleted.body.deleted).toHaveLength(2);
    expect((await gw.alice.delete(`/conversations/${id}/messages/msg_missing`)).body.error.code).toBe(
      'message_not_found',
    );
    const left = (await gw.alice.get(`/conversations/${id}/messages`)).body.items.map(
      (m: { role: string }) => m.role,
    );
    expect(left).toEqual(['user', 'assistant', 'system']);

    model.enqueue({ text: 'Metric it is.' });
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'How far is it?' });
    const history = JSON.stringify(model.requests.at(-1)?.messages);
    expect(history).not.toContain('call_del');
    expect(history).toContain('Prefer metric units.');
    const after = (await gw.alice.get(`/conversations/${id}/messages?after=${added.body.id}`)).body.items;
    expect(after.map((m: { content: string }) => m.content)).toEqual(['How far is it?', 'Metric it is.']);
  });

  it('keeps the canvas: widgets shown during a turn are stored in order', async () => {
    const { id } = await newConversation();
    model.enqueue(
      {
        toolCalls: [
          { name: 'ui_webmcp_widget_display', input: { widget: 'stat', data: { label: 'Milk', value: 3 } } },
        ],
      },
      { text: 'Shown.' },
    );
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'Show a stat' });
    const canvas = (await gw.alice.get(`/conversations/${id}/canvas`)).body.items;
    expect(canvas).toHaveLength(1);
    expect(canvas[0]).toMatchObject({
      kind: 'widget',
      payload: { type: 'stat', data: { label: 'Milk', value: 3 } },
    });
  });

  it('answers bad input with clear errors and stores nothing', async () => {
    const { id } = await newConversation();
    const post = (body: string, type = 'application/json') =>
      gw.alice.fetch(`/conversations/${id}/chat`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
    const malformed = await post('{"content": "hi"');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('invalid_json');
    expect((await post('content=hi', 'application/x-www-form-urlencoded')).status).toBe(415);
    const invalid = await (await post('{"contents": "hi"}')).json();
    expect(invalid.error).toMatchObject({ code: 'invalid_request' });
    expect(invalid.error.message).toMatch(/content/);
    expect((await (await post('{"content": ""}')).json()).error.code).toBe('invalid_request');
    const huge = await post(JSON.stringify({ content: 'x'.repeat(70 * 1024) }));
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe('payload_too_large');
    const unknown = await gw.alice.post('/conversations/conv_does_not_exist/chat', { content: 'hi' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('conversation_not_found');
    expect((await gw.alice.get('/no/such/route')).body.error.code).toBe('not_found');
    expect((await gw.alice.get(`/conversations/${id}/messages`)).body.items).toEqual([]);
    expect((await gw.alice.get(`/conversations/${id}`)).body.status).toBe('idle');
  });

  it('reports a model failure as 502 and keeps the user message', async () => {
    const { id } = await newConversation();
    model.enqueue({ error: 'the vendor is down' });
    const reply = await gw.alice.post(`/conversations/${id}/chat`, { content: 'Hello?' });
    expect(reply.status).toBe(502);
    expect(reply.body).toMatchObject({
      success: false,
      stop_reason: 'error',
      error: { code: 'model_error' },
    });
    expect(reply.body.error.message).toMatch(/vendor is down/);
    const roles = (await gw.alice.get(`/conversations/${id}/messages`)).body.items.map(
      (m: { role: string }) => m.role,
    );
    expect(roles).toEqual(['user']);
    model.enqueue({ text: 'Back again.' });
    expect((await gw.alice.post(`/conversations/${id}/chat`, { content: 'Retry' })).body.success).toBe(true);
  });

  it('records usage per user', async () => {
    const usage = (await gw.alice.get('/usage')).body;
    expect(usage.turns).toBeGreaterThan(5);
    expect(usage.input_tokens).toBeGreaterThan(0);
    expect((await gw.bob.get('/usage')).body.turns).toBe(0);
  });

  it('records the tokens a turn read from and wrote to the vendor prompt cache', async () => {
    const before = (await gw.alice.get('/usage')).body;
    const { id } = await newConversation();
    model.enqueue({
      text: 'From the cache.',
      usage: { inputTokens: 12, outputTokens: 4, cacheReadTokens: 700, cacheWriteTokens: 50 },
    });
    expect((await gw.alice.post(`/conversations/${id}/chat`, { content: 'Again?' })).body.success).toBe(true);
    const after = (await gw.alice.get('/usage')).body;
    expect(after.cache_read_tokens - before.cache_read_tokens).toBe(700);
    expect(after.cache_write_tokens - before.cache_write_tokens).toBe(50);
    expect(after.input_tokens - before.input_tokens).toBe(12);
  });
});
