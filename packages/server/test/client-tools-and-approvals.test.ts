import type { ModelRequest } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedModel } from './support/queued-model.ts';
import { testBackends } from './support/test-database.ts';
import type { TestGateway } from './support/test-gateway.ts';
import type { TestMcpServer } from './support/test-mcp-server.ts';
import { startToolsGateway, type ToolsGateway } from './support/tools-gateway.ts';

const LOCATION_TOOL = {
  name: 'get_location',
  description: "The user's position from the phone's GPS.",
  input_schema: { type: 'object', properties: { precision: { type: 'string' } } },
};

/** The tool results of the last message of a model request. */
function lastResults(request: ModelRequest): string[] {
  const last = request.messages.at(-1);
  if (!last || typeof last.content === 'string') return [];
  return last.content.flatMap((block) => (block.type === 'tool_result' ? [block.content] : []));
}

describe.each(testBackends())('client-side tools, approvals and the stateless proxy (%s)', (backend) => {
  let stack: ToolsGateway;
  let model: QueuedModel;
  let mcp: TestMcpServer;
  let gw: TestGateway;

  beforeAll(async () => {
    stack = await startToolsGateway(backend);
    ({ model, mcp, gateway: gw } = stack);
  });
  afterAll(() => stack?.close());

  const newConversation = async (body: Record<string, unknown> = {}) =>
    (await gw.alice.post('/conversations', body)).body.id as string;

  it('suspends on a client tool, rejects unknown and duplicate results, and resumes with the right one', async () => {
    const id = await newConversation();
    model.enqueue({
      toolCalls: [{ id: 'call_gps', name: 'client_webmcp_get_location', input: { precision: 'city' } }],
    });
    const suspended = await gw.alice.post(`/conversations/${id}/chat`, {
      content: 'Where am I?',
      client_tools: [LOCATION_TOOL],
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({
      success: true,
      stop_reason: 'awaiting_client_tool',
      pending: [
        {
          call_id: 'call_gps',
          name: 'client_webmcp_get_location',
          tool: 'get_location',
          input: { precision: 'city' },
          reason: 'client_tool',
        },
      ],
    });
    expect((await gw.alice.get(`/conversations/${id}`)).body).toMatchObject({
      status: 'awaiting_client_tool',
      pending: [{ call_id: 'call_gps' }],
    });
    const before = (await gw.alice.get(`/conversations/${id}/messages`)).body.items;
    expect(before.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);

    const unknown = await gw.alice.post(`/conversations/${id}/tool-results`, {
      results: [{ call_id: 'call_nope', content: 'x' }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'unknown_call' });
    expect(unknown.body.error.message).toMatch(/call_gps/);
    expect((await gw.alice.get(`/conversations/${id}`)).body.status).toBe('awaiting_client_tool');
    expect((await gw.alice.get(`/conversations/${id}/messages`)).body.items).toEqual(before);

    model.enqueue((request) => ({ text: `You are in ${lastResults(request)[0]}.` }));
    const resumed = await gw.alice.post(`/conversations/${id}/tool-results`, {
      results: [{ call_id: 'call_gps', content: { city: 'Lyon' } }],
    });
    expect(resumed.body).toMatchObject({ success: true, stop_reason: 'end_turn', user_message: null });
    expect(resumed.body.assistant_message.content).toBe('You are in {"city":"Lyon"}.');
    const after = (await gw.alice.get(`/conversations/${id}/messages`)).body.items;
    expect(after.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(after[2]).toMatchObject({
      tool_call_id: 'call_gps',
      name: 'client_webmcp_get_location',
      content: '{"city":"Lyon"}',
    });

    const duplicate = await gw.alice.post(`/conversations/${id}/tool-results`, {
      results: [{ call_id: 'call_gps', content: 'again' }],
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('nothing_pending');
    expect((await gw.alice.get(`/conversations/${id}/messages`)).body.items).toEqual(after);
  });

  it('waits for every parallel client call, refusing an answer given twice', async () => {
    const id = await newConversation();
    model.enqueue({
      toolCalls: [
        { id: 'call_a', name: 'client_webmcp_get_location', input: {} },
        { id: 'call_b', name: 'client_webmcp_get_location', input: { precision: 'street' } },
      ],
    });
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'Twice', client_tools: [LOCATION_TOOL] });
    const first = await gw.alice.post(`/conversations/${id}/tool-results`, {
      results: [{ call_id: 'call_a', content: 'Paris' }],
    });
    expect(first.body).toMatchObject({
      stop_reason: 'awaiting_client_tool',
      pending: [{ call_id: 'call_b' }],
    });
    const again = await gw.alice.post(`/conversations/${id}/tool-results`, {
      results: [{ call_id: 'call_a', content: 'Paris' }],
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('not_pending');
    const twiceInOne = await gw.alice.post(`/conversations/${id}/tool-results`, {
      results: [
        { call_id: 'call_b', content: '1' },
        { call_id: 'call_b', content: '2' },
      ],
    });
    expect(twiceInOne.status).toBe(409);
    model.enqueue((request) => ({ text: lastResults(request).join(' and ') }));
    const done = await gw.alice.post(`/conversations/${id}/tool-results`, {
      results: [{ call_id: 'call_b', content: 'Rue de Rivoli', is_error: false }],
    });
    expect(done.body.assistant_message.content).toBe('Paris and Rue de Rivoli');
  });

  it('asks for approval, runs nothing on deny, and remembers an approval', async () => {
    const id = await newConversation({
      approval_policy: { rules: [{ match: 'tools:delete_*', action: 'ask' }] },
    });
    model.enqueue({ toolCalls: [{ id: 'call_del_1', name: 'tools_mcp_delete_everything', input: {} }] });
    const asked = await gw.alice.post(`/conversations/${id}/chat`, { content: 'Delete it all' });
    expect(asked.body).toMatchObject({
      stop_reason: 'awaiting_approval',
      pending: [{ call_id: 'call_del_1', reason: 'approval', server: 'tools', tool: 'delete_everything' }],
    });
    const approvals = (await gw.alice.get(`/conversations/${id}/approvals`)).body.items;
    expect(approvals).toMatchObject([
      { call_id: 'call_del_1', server: 'tools', tool: 'delete_everything', status: 'pending' },
    ]);
    expect(
      (
        await gw.alice.post(`/conversations/${id}/tool-results`, {
          results: [{ call_id: 'call_del_1', content: 'x' }],
        })
      ).body.error.code,
    ).toBe('wrong_kind');
    expect(
      (await gw.alice.post(`/conversations/${id}/approvals`, { call_id: 'call_del_1', decision: 'maybe' }))
        .status,
    ).toBe(400);

    model.enqueue((request) => ({ text: lastResults(request)[0] }));
    const denied = await gw.alice.post(`/conversations/${id}/approvals`, {
      call_id: 'call_del_1',
      decision: 'deny',
    });
    expect(denied.body.assistant_message.content).toMatch(/denied/);
    expect(mcp.calls.get('delete_everything')).toBeUndefined();
    expect((await gw.alice.get(`/conversations/${id}/approvals?status=all`)).body.items[0].status).toBe(
      'denied',
    );

    model.enqueue({ toolCalls: [{ id: 'call_del_2', name: 'tools_mcp_delete_everything', input: {} }] });
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'Really, delete it' });
    model.enqueue({ text: 'Deleted.' });
    const approved = await gw.bob.post(`/conversations/${id}/approvals`, {
      call_id: 'call_del_2',
      decision: 'approve',
      remember: true,
    });
    expect(approved.status).toBe(404);
    const approvedByOwner = await gw.alice.post(`/conversations/${id}/approvals`, {
      call_id: 'call_del_2',
      decision: 'approve',
      remember: true,
    });
    expect(approvedByOwner.body.assistant_message.content).toBe('Deleted.');
    expect(mcp.calls.get('delete_everything')).toBe(1);
    const conversation = (await gw.alice.get(`/conversations/${id}`)).body;
    expect(conversation.approval_policy.rules[0]).toEqual({
      match: 'tools:delete_everything',
      action: 'allow',
    });

    model.enqueue(
      { toolCalls: [{ id: 'call_del_3', name: 'tools_mcp_delete_everything', input: {} }] },
      { text: 'Deleted again.' },
    );
    expect(
      (await gw.alice.post(`/conversations/${id}/chat`, { content: 'Once more' })).body.stop_reason,
    ).toBe('end_turn');
    expect(mcp.calls.get('delete_everything')).toBe(2);
  });

  it('abandons a pending approval when the user sends a new message instead', async () => {
    const id = await newConversation({ approval_policy: { defaultAction: 'ask' } });
    model.enqueue({ toolCalls: [{ id: 'call_echo_ask', name: 'tools_mcp_echo', input: { text: 'hi' } }] });
    await gw.alice.post(`/conversations/${id}/chat`, { content: 'Echo hi' });
    model.enqueue({ text: 'Never mind then.' });
    const next = await gw.alice.post(`/conversations/${id}/chat`, { content: 'Forget it' });
    expect(next.body.stop_reason).toBe('end_turn');
    expect((await gw.alice.get(`/conversations/${id}/approvals?status=abandoned`)).body.items).toHaveLength(
      1,
    );
    const history = JSON.stringify(model.requests.at(-1)?.messages);
    expect(history).toMatch(/not run/);
    const roles = (await gw.alice.get(`/conversations/${id}/messages`)).body.items.map(
      (m: { role: string }) => m.role,
    );
    expect(roles).toEqual(['user', 'assistant', 'tool', 'user', 'assistant']);
  });

  it("applies the deployment's policy, which only an administrator may change", async () => {
    expect((await gw.alice.request('PUT', '/policy', { rules: [] })).status).toBe(403);
    const put = await gw.admin.request('PUT', '/policy', {
      rules: [{ match: 'tools:echo', action: 'deny' }],
    });
    expect(put.status).toBe(200);
    expect((await gw.alice.get('/policy')).body.rules).toEqual([{ match: 'tools:echo', action: 'deny' }]);
    const id = await newConversation();
    const echoes = mcp.calls.get('echo') ?? 0;
    model.enqueue({ toolCalls: [{ name: 'tools_mcp_echo', input: { text: 'hi' } }] }, (request) => ({
      text: lastResults(request)[0],
    }));
    const reply = await gw.alice.post(`/conversations/${id}/chat`, { content: 'Echo' });
    expect(reply.body.assistant_message.content).toMatch(/not allowed/);
    expect(mcp.calls.get('echo') ?? 0).toBe(echoes);
    await gw.admin.request('PUT', '/policy', {});
  });

  it('proxies a stateless conversation: tool calls for the client, then the final text', async () => {
    const tools = [
      {
        name: 'search_products',
        description: 'Search the catalogue.',
        input_schema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      },
    ];
    model.enqueue({
      toolCalls: [{ id: 'call_search', name: 'client_webmcp_search_products', input: { query: 'milk' } }],
    });
    const first = await gw.alice.post('/chat/v1/conversation', {
      messages: [{ role: 'user', content: 'Add milk to my cart' }],
      tools,
      systemPrompt: 'You are a shop assistant.',
      context: { cart: [] },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      type: 'tool_calls',
      tool_calls: [
        {
          id: 'call_search',
          type: 'function',
          function: { name: 'search_products', arguments: '{"query":"milk"}' },
        },
      ],
    });
    expect(model.requests.at(-1)?.system).toMatch(/shop assistant[\s\S]*Context:/);

    model.enqueue((request) => ({ text: `Found ${lastResults(request)[0]}` }));
    const second = await gw.alice.post('/chat/v1/conversation', {
      messages: [
        { role: 'user', content: 'Add milk to my cart' },
        ...first.body.messages,
        { role: 'tool', tool_call_id: 'call_search', content: 'Full cream milk' },
      ],
      tools,
    });
    expect(second.body).toMatchObject({
      type: 'text',
      content: 'Found Full cream milk',
      message: { role: 'assistant' },
    });

    const bad = await gw.alice.post('/chat/v1/conversation', { messages: first.body.messages, tools });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_messages');
    expect((await gw.alice.post('/chat/v1/conversation', { messages: [] })).status).toBe(400);
    const badArguments = await gw.alice.post('/chat/v1/conversation', {
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'x', arguments: '{' } }],
        },
      ],
    });
    expect(badArguments.body.error.message).toMatch(/not valid JSON/);
  });
});
