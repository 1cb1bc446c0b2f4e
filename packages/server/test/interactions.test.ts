import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat } from '../src/cli/chat-command.ts';
import { gatewayClient } from '../src/cli/gateway-client.ts';
import { Spinner } from '../src/cli/spinner.ts';
import { eventTypes, readSse, type SseMessage } from './support/http-client.ts';
import type { QueuedModel } from './support/queued-model.ts';
import { testBackends } from './support/test-database.ts';
import { KEYS, type TestGateway } from './support/test-gateway.ts';
import { startToolsGateway, type ToolsGateway } from './support/tools-gateway.ts';

/** What a server asks during a turn reaches the person's stream; their answer goes back through the API. */
describe.each(testBackends())('server questions during a turn (%s)', (backend) => {
  let stack: ToolsGateway;
  let model: QueuedModel;
  let gw: TestGateway;

  beforeAll(async () => {
    stack = await startToolsGateway(backend);
    ({ model, gateway: gw } = stack);
  });
  afterAll(() => stack?.close());

  const streamChat = async (id: string, content: string) =>
    gw.alice.fetch(`/conversations/${id}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content }),
    });
  const isCustom = (name: string) => (event: SseMessage) =>
    event.data.type === 'CUSTOM' && event.data.name === name;
  const rest = async (id: string, after: SseMessage[]) =>
    readSse(
      await gw.alice.fetch(`/conversations/${id}/stream`, {
        headers: { 'last-event-id': after.at(-1)?.id as string },
      }),
    );

  it("shows a server's form in the stream, refuses an answer that does not fit, and completes the call with the right one", async () => {
    const id = (await gw.alice.post('/conversations', {})).body.id;
    model.enqueue(
      { toolCalls: [{ id: 'call_ship', name: 'tools_mcp_ask_shipping', input: {} }] },
      { text: 'Shipping is set.' },
    );
    const head = await readSse(await streamChat(id, 'Ship my order'), isCustom('elicitation_request'));
    const request = head.at(-1)?.data.value;
    expect(request).toMatchObject({
      server: 'tools',
      mode: 'form',
      message: 'Where should we ship it?',
      requestedSchema: { required: ['city'] },
    });

    const path = `/conversations/${id}/elicitations/${request.requestId}`;
    const misfit = await gw.alice.post(path, { action: 'accept', content: { express: true } });
    expect(misfit.status).toBe(400);
    expect(misfit.body.error).toMatchObject({ code: 'invalid_answer' });
    expect(misfit.body.error.message).toMatch(/city required/);
    expect((await gw.bob.post(path, { action: 'accept', content: { city: 'Porto' } })).status).toBe(404);
    expect(
      (await gw.alice.post(`/conversations/${id}/elicitations/nope`, { action: 'decline' })).status,
    ).toBe(404);
    expect((await gw.alice.post(path, { action: 'maybe' })).status).toBe(400);

    expect((await gw.alice.post(path, { action: 'accept', content: { city: 'Porto' } })).body).toEqual({
      success: true,
    });
    const tail = await rest(id, head);
    expect(eventTypes(tail)).toEqual(
      expect.arrayContaining(['CUSTOM:elicitation_resolved', 'TOOL_CALL_RESULT', 'RUN_FINISHED']),
    );
    const result = tail.find((event) => event.data.type === 'TOOL_CALL_RESULT')?.data.content;
    // The person typed only the city: the form's default for `express` went with it.
    expect(result).toContain('shipping to Porto, express false');
    expect((await gw.alice.post(path, { action: 'accept', content: { city: 'Lisbon' } })).status).toBe(409);
  });

  it("asks the person before the conversation's model answers a server's sampling request", async () => {
    const id = (await gw.alice.post('/conversations', {})).body.id;
    model.enqueue(
      { toolCalls: [{ id: 'call_sum', name: 'tools_mcp_summarize', input: {} }] },
      { text: 'Three milks.' },
      { text: 'Summarized.' },
    );
    const head = await readSse(await streamChat(id, 'Summarize my cart'), isCustom('sampling_request'));
    const request = head.at(-1)?.data.value;
    expect(request).toMatchObject({ server: 'tools', needsApproval: true, maxTokens: 100 });
    expect(request.messages[0].text).toContain('three milks');
    const requestsBefore = model.requests.length;
    const approved = await gw.alice.post(`/conversations/${id}/sampling/${request.requestId}`, {
      decision: 'approve',
    });
    expect(approved.body).toEqual({ success: true });
    const tail = await rest(id, head);
    expect(tail.find(isCustom('sampling_resolved'))?.data.value).toMatchObject({
      outcome: 'answered',
      text: 'Three milks.',
    });
    expect(tail.find((event) => event.data.type === 'TOOL_CALL_RESULT')?.data.content).toContain(
      'summary: Three milks.',
    );
    // The sampling request reached the model as its own request, without the conversation's tools.
    expect(model.requests[requestsBefore].tools).toEqual([]);
  });

  it('a stop while the form waits ends the turn and cancels the question', async () => {
    const id = (await gw.alice.post('/conversations', {})).body.id;
    model.enqueue({ toolCalls: [{ id: 'call_ship2', name: 'tools_mcp_ask_shipping', input: {} }] });
    const head = await readSse(await streamChat(id, 'Ship it'), isCustom('elicitation_request'));
    expect((await gw.alice.post(`/conversations/${id}/stop`)).body).toMatchObject({ stopping: true });
    const tail = await rest(id, head);
    expect(tail.find(isCustom('elicitation_resolved'))?.data.value).toMatchObject({
      action: 'cancel',
      by: 'cancelled',
    });
    expect(eventTypes(tail).at(-1)).toBe('RUN_FINISHED');
  });

  it('the terminal chat asks the form field by field and the call completes with the answer', async () => {
    model.enqueue(
      { toolCalls: [{ id: 'call_cli', name: 'tools_mcp_ask_shipping', input: {} }] },
      { text: 'Shipping is set.' },
    );
    const typed = ['Ship my order', 'Porto', 'maybe', 'yes'];
    const prompts: string[] = [];
    const out = new PassThrough();
    let printed = '';
    out.on('data', (chunk) => {
      printed += chunk;
    });
    await chat(gatewayClient(gw.url, KEYS.alice), {
      lines: {
        next: async (prompt: string) => {
          prompts.push(prompt);
          return typed.shift();
        },
      },
      out,
      spinner: new Spinner(new PassThrough() as never),
    });
    expect(printed).toContain('? server "tools" asks: Where should we ship it?');
    expect(printed).toContain('not a valid yes/no');
    expect(printed).toContain('shipping to Porto, express true');
    expect(printed).toContain('assistant › Shipping is set.');
    expect(prompts.filter((prompt) => prompt.includes('express'))).toHaveLength(2);
  });
});
