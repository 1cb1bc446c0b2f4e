import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import { createGatewayDriver, GATEWAY_CONVERSATION_KEY } from '../src/lib/gateway/gateway-driver.ts';
import { MemoryStorage } from './support/memory-storage.ts';

const frame = (event: unknown) => new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`);
const custom = (name: string, value: unknown) => ({ type: 'CUSTOM', name, value, timestamp: 1 });

describe('a tool browser call whose server asks the person (gateway mode)', () => {
  it("shows the server's form like a turn's and sends the answer to the direct call's route", async () => {
    const answers: Array<{ url: string; body: unknown }> = [];
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url === '/conversations/c9/tools/available')
        return Response.json({
          items: [{ server_id: 'srv_e', server: 'everything', tool_name: 'ask', input_schema: {} }],
        });
      if (url === '/servers/srv_e/tools/call') {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            stream = controller;
            controller.enqueue(
              frame(custom('elicitation_request', { requestId: 'el_1', server: 'everything' })),
            );
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }
      if (url === '/servers/tool-calls/elicitations/el_1') {
        answers.push({ url, body: JSON.parse(String(init.body)) });
        stream.enqueue(frame(custom('elicitation_resolved', { requestId: 'el_1', action: 'accept' })));
        stream.enqueue(frame(custom('tool_call_result', { content: 'Name: Ada', is_error: false })));
        stream.close();
        return Response.json({ success: true });
      }
      return Response.json({ items: [] });
    };
    const storage = new MemoryStorage();
    storage.setItem(GATEWAY_CONVERSATION_KEY, 'c9');
    const driver = createGatewayDriver({
      config: { ...DEFAULT_CONFIG, mode: 'gateway', apiBase: '' },
      storage,
      fetch: fakeFetch as typeof fetch,
    });
    const events: AgentEvent[] = [];
    let asked!: () => void;
    const request = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await driver.open((event) => {
      events.push(event);
      if (event.type === 'CUSTOM' && event.name === 'elicitation_request') asked();
    });

    const outcome = driver.callTool('everything:ask', {});
    await request;
    await expect(
      driver.answerElicitation('el_1', { action: 'accept', content: { name: 'Ada' } }),
    ).resolves.toEqual({
      ok: true,
    });
    await expect(outcome).resolves.toEqual({ widget: 'markdown', data: { content: 'Name: Ada' } });
    expect(answers).toEqual([
      { url: '/servers/tool-calls/elicitations/el_1', body: { action: 'accept', content: { name: 'Ada' } } },
    ]);
    expect(events.map((event) => (event.type === 'CUSTOM' ? event.name : event.type))).toEqual([
      'elicitation_request',
      'elicitation_resolved',
    ]);
  });
});
