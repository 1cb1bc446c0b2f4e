import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import { createGatewayDriver, GATEWAY_CONVERSATION_KEY } from '../src/lib/gateway/gateway-driver.ts';
import { MemoryStorage } from './support/memory-storage.ts';

const sse = (events: unknown[]) =>
  new Response(
    events.map((event, index) => `id: ${index + 1}\ndata: ${JSON.stringify(event)}\n\n`).join(''),
    {
      headers: { 'Content-Type': 'text/event-stream' },
    },
  );

describe('the gateway driver', () => {
  it('creates a conversation, restores its canvas and streams a turn', async () => {
    const calls: Array<{
      method: string;
      url: string;
      body?: string;
      accept?: string | null;
      auth?: string | null;
    }> = [];
    const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const headers = new Headers(init.headers);
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body as string | undefined,
        accept: headers.get('accept'),
        auth: headers.get('authorization'),
      });
      if (url === '/api/conversations' && init.method === 'POST')
        return Response.json({ id: 'c1' }, { status: 201 });
      if (url === '/api/conversations/c1/messages?newest=true&limit=200')
        return Response.json({
          items: [
            { id: 'm1', role: 'user', content: 'hi' },
            {
              id: 'm2',
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 't1', type: 'function', function: { name: 'echo', arguments: '{"a":1}' } }],
            },
            { id: 'm3', role: 'tool', content: 'x', tool_call_id: 't1', name: 'echo' },
          ],
        });
      if (url === '/api/conversations/c1/canvas?limit=1000') {
        return Response.json({
          items: [
            {
              kind: 'widget',
              payload: { id: 'w_1', type: 'stat', data: { label: 'a', value: 1 }, toolCallId: 't' },
            },
          ],
        });
      }
      if (url.startsWith('/api/conversations/c1/approvals?'))
        return Response.json({ items: [{ call_id: 'k1', tool_name: 'shop_mcp_checkout', input: {} }] });
      if (url === '/api/conversations/c1/chat') {
        return sse([
          { type: 'RUN_STARTED', threadId: 'c1', runId: 'r', timestamp: 1 },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'Hello', timestamp: 2 },
          {
            type: 'RUN_FINISHED',
            threadId: 'c1',
            runId: 'r',
            result: { stopReason: 'end_turn' },
            timestamp: 3,
          },
        ]);
      }
      return new Response(JSON.stringify({ error: { message: 'no such route' } }), { status: 404 });
    };
    const storage = new MemoryStorage();
    const driver = createGatewayDriver({
      config: { ...DEFAULT_CONFIG, mode: 'gateway', apiBase: '/api', apiKey: 'secret' },
      storage,
      fetch: fakeFetch as typeof fetch,
    });
    const events: unknown[] = [];
    const restored = await driver.open((event) => events.push(event));
    expect(storage.getItem(GATEWAY_CONVERSATION_KEY)).toBe('c1');
    expect(restored).toEqual({
      chat: [{ id: 'm1', role: 'user', text: 'hi' }],
      canvas: [{ type: 'add', id: 'w_1', widget: 'stat', data: { label: 'a', value: 1 } }],
      pending: [{ id: 'k1', name: 'shop_mcp_checkout', input: {} }],
      // The stored calls come back for their chips.
      history: [{ turnId: 'm1', id: 't1', name: 'echo', args: { a: 1 }, result: 'x' }],
      running: false,
      hasOlder: false,
      model: null,
    });
    await driver.send('hello');
    expect(events.map((event) => (event as { type: string }).type)).toEqual([
      'RUN_STARTED',
      'TEXT_MESSAGE_CONTENT',
      'RUN_FINISHED',
    ]);
    const chat = calls.find((call) => call.url.endsWith('/chat'));
    expect(chat).toMatchObject({
      method: 'POST',
      body: '{"content":"hello"}',
      accept: 'text/event-stream',
      auth: 'Bearer secret',
    });
    await expect(driver.listTools()).rejects.toThrow(
      /GET \/conversations\/c1\/tools\/available failed \(404\): no such route/,
    );
  });

  it('follows a turn still running when the page is opened again', async () => {
    const calls: Array<{ method: string; url: string; accept: string | null }> = [];
    const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ method: init.method ?? 'GET', url, accept: new Headers(init.headers).get('accept') });
      if (url === '/conversations/c7') return Response.json({ id: 'c7', status: 'running' });
      if (url === '/conversations/c7/messages?newest=true&limit=200')
        return Response.json({ items: [{ id: 'm1', role: 'user', content: 'count slowly' }] });
      if (url === '/conversations/c7/canvas?limit=1000' || url.startsWith('/conversations/c7/approvals?'))
        return Response.json({ items: [] });
      if (url === '/conversations/c7/stream')
        return sse([
          { type: 'CUSTOM', name: 'user_message', value: { id: 'm1' }, timestamp: 1 },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'one, two', timestamp: 2 },
          { type: 'CUSTOM', name: 'widget', value: { id: 'w_1', type: 'stat', data: {} }, timestamp: 3 },
          {
            type: 'RUN_FINISHED',
            threadId: 'c7',
            runId: 'r',
            result: { stopReason: 'end_turn' },
            timestamp: 4,
          },
        ]);
      return new Response('{}', { status: 404 });
    };
    const storage = new MemoryStorage();
    storage.setItem(GATEWAY_CONVERSATION_KEY, 'c7');
    const driver = createGatewayDriver({
      config: { ...DEFAULT_CONFIG, mode: 'gateway', apiBase: '' },
      storage,
      fetch: fakeFetch as typeof fetch,
    });
    const events: Array<{ type: string }> = [];
    const restored = await driver.open((event) => events.push(event));
    expect(restored.running).toBe(true);
    expect(restored.chat).toEqual([{ id: 'm1', role: 'user', text: 'count slowly' }]);

    await driver.followRunningTurn();
    expect(calls.at(-1)).toEqual({
      method: 'GET',
      url: '/conversations/c7/stream',
      accept: 'text/event-stream',
    });
    expect(events.map((event) => event.type)).toEqual([
      'CUSTOM',
      'TEXT_MESSAGE_CONTENT',
      'CUSTOM',
      'RUN_FINISHED',
    ]);
  });

  it('calls a tool of the tool browser through POST /servers/:id/tools/call', async () => {
    const posted: Array<{ url: string; body: unknown }> = [];
    const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url === '/conversations/c9') return Response.json({ id: 'c9' });
      if (url === '/conversations/c9/tools/available') {
        return Response.json({
          items: [
            {
              server_id: 'srv_1',
              server: 'shop',
              tool_name: 'show_products',
              input_schema: { type: 'object' },
            },
            {
              server_id: 'srv_2',
              server: 'calculator-storage',
              tool_name: 'calculate',
              title: 'Calculate',
              input_schema: {},
            },
            { server_id: 'srv_1', server: 'shop', tool_name: 'checkout', input_schema: {} },
          ],
          unavailable: [],
        });
      }
      const call = /^\/servers\/([^/]+)\/tools\/call$/.exec(url);
      if (call && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string };
        posted.push({ url, body });
        // Streamed (Accept: text/event-stream): the call's JSON is its last event.
        const result = (value: unknown) => sse([{ type: 'CUSTOM', name: 'tool_call_result', value }]);
        expect(new Headers(init.headers).get('accept')).toBe('text/event-stream');
        if (body.name === 'show_products') {
          return result({
            success: true,
            content: '{}',
            is_error: false,
            widget: { type: 'cards', data: { items: [] } },
          });
        }
        if (call[1] === 'srv_2')
          return result({ success: false, content: 'Error: b is missing', is_error: true });
      }
      return Response.json(
        { success: false, error: { code: 'tool_denied', message: 'the policy does not allow it' } },
        { status: 403 },
      );
    };
    const storage = new MemoryStorage();
    storage.setItem(GATEWAY_CONVERSATION_KEY, 'c9');
    const driver = createGatewayDriver({
      config: { ...DEFAULT_CONFIG, mode: 'gateway', modelLabel: 'Offline planner (not a language model)' },
      storage,
      fetch: fakeFetch as typeof fetch,
    });
    expect(driver.modelLabel).toBe('Offline planner (not a language model)');
    const tools = await driver.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'shop:show_products',
      'calculator-storage:calculate',
      'shop:checkout',
    ]);
    // The server's title, under the name the model's calls use (for the chips and widget bars).
    expect(tools[1]).toMatchObject({ title: 'Calculate', calledAs: 'calculator_storage_mcp_calculate' });
    expect(tools[0].title).toBeUndefined();
    await expect(driver.callTool('shop:show_products', { query: 'milk' })).resolves.toEqual({
      widget: 'cards',
      data: { items: [] },
    });
    expect(posted[0]).toEqual({
      url: '/servers/srv_1/tools/call',
      body: { name: 'show_products', arguments: { query: 'milk' } },
    });
    await expect(driver.callTool('calculator_storage_mcp_calculate', { a: 1 })).resolves.toEqual({
      error: 'Error: b is missing',
    });
    await expect(driver.callTool('shop:checkout', {})).resolves.toEqual({
      error: expect.stringMatching(
        /POST \/servers\/srv_1\/tools\/call failed \(403\): the policy does not allow it/,
      ),
    });
    await expect(driver.callTool('shop:refund', {})).resolves.toEqual({
      error: 'Error: the gateway has no tool named "shop:refund"',
    });
  });

  it('connects a server through the gateway: POST /servers/{id}/authorize, the page itself going there when popups are blocked', async () => {
    const posted: Array<{ url: string; body: unknown }> = [];
    const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      posted.push({ url: String(input), body: JSON.parse(String(init.body)) });
      return Response.json({ authorization_url: 'https://auth.example/authorize?state=s' });
    };
    const storage = new MemoryStorage();
    storage.setItem(GATEWAY_CONVERSATION_KEY, 'c9');
    const driver = createGatewayDriver({
      config: { ...DEFAULT_CONFIG, mode: 'gateway' },
      storage,
      fetch: fakeFetch as typeof fetch,
    });
    const assigned: string[] = [];
    const blockingWindow = {
      open: () => null,
      location: {
        href: 'http://127.0.0.1:8080/?mode=gateway',
        assign: (url: string) => void assigned.push(url),
      },
    };
    const outcome = await driver.connectServer?.({ id: 'srv 1', name: 'shop' }, blockingWindow);
    expect(outcome).toEqual({ status: 'redirected' });
    expect(posted).toEqual([
      { url: '/servers/srv%201/authorize', body: { return_to: expect.stringContaining('c9') } },
    ]);
    expect(assigned).toEqual(['https://auth.example/authorize?state=s']);
  });

  it('sends a message again under the same Idempotency-Key when no answer came back, and marks unanswered ones', async () => {
    const keys: Array<string | null> = [];
    const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url === '/conversations/c9') return Response.json({ id: 'c9', status: 'idle' });
      if (url === '/conversations/c9/messages?newest=true&limit=200')
        return Response.json({
          items: [{ id: 'm1', role: 'user', content: 'what is 4 plus 36', unanswered: 'interrupted' }],
        });
      if (url === '/conversations/c9/canvas?limit=1000' || url.startsWith('/conversations/c9/approvals?'))
        return Response.json({ items: [] });
      if (url === '/conversations/c9/chat') {
        keys.push(new Headers(init.headers).get('idempotency-key'));
        // The first try's connection drops before any answer.
        if (keys.length === 1) throw new TypeError('fetch failed');
        return sse([
          { type: 'CUSTOM', name: 'user_message', value: { id: 'm2' }, timestamp: 1 },
          {
            type: 'RUN_FINISHED',
            threadId: 'c9',
            runId: 'r',
            result: { stopReason: 'end_turn' },
            timestamp: 2,
          },
        ]);
      }
      return new Response('{}', { status: 404 });
    };
    const storage = new MemoryStorage();
    storage.setItem(GATEWAY_CONVERSATION_KEY, 'c9');
    const driver = createGatewayDriver({
      config: { ...DEFAULT_CONFIG, mode: 'gateway', apiBase: '' },
      storage,
      fetch: fakeFetch as typeof fetch,
    });
    const events: Array<{ type: string }> = [];
    const restored = await driver.open((event) => events.push(event as { type: string }));
    expect(restored.chat).toEqual([
      { id: 'm1', role: 'user', text: 'what is 4 plus 36' },
      {
        id: 'm1:unanswered',
        role: 'notice',
        tone: 'error',
        text: 'Not answered: the gateway stopped before this turn finished. Send it again to retry.',
      },
    ]);
    await driver.send('what is 4 plus 37');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect(events.map((event) => event.type)).toEqual(['CUSTOM', 'RUN_FINISHED']);
  });

  it('reads the newest page of messages first and older pages on request, each turn with its calls; the canvas log in pages', async () => {
    const urls: string[] = [];
    const message = (id: string, role: string, extra: Record<string, unknown> = {}) => ({
      id,
      role,
      content: role === 'tool' ? 'r' : id,
      ...extra,
    });
    const call = (id: string) => ({
      tool_calls: [{ id, type: 'function', function: { name: 'calc', arguments: '{}' } }],
    });
    const fakeFetch = async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url === '/conversations/c3') return Response.json({ id: 'c3', status: 'idle' });
      // The newest page starts in the middle of turn u2: its call's result is on this page, the call on the older one.
      if (url === '/conversations/c3/messages?newest=true&limit=200')
        return Response.json({
          items: [
            message('t2', 'tool', { tool_call_id: 'k2' }),
            message('a2', 'assistant'),
            message('u3', 'user'),
          ],
          previous_cursor: 't2',
        });
      if (url === '/conversations/c3/messages?before=t2&limit=200')
        return Response.json({
          items: [
            message('u1', 'user'),
            message('a1', 'assistant'),
            message('u2', 'user'),
            message('c2', 'assistant', { ...call('k2'), content: null }),
          ],
          previous_cursor: null,
        });
      if (url === '/conversations/c3/canvas?limit=1000')
        return Response.json({
          items: [{ kind: 'widget', payload: { id: 'w_1', type: 'stat', data: {} } }],
          next_cursor: '1',
        });
      if (url === '/conversations/c3/canvas?limit=1000&after=1')
        return Response.json({
          items: [{ kind: 'widget', payload: { id: 'w_2', type: 'stat', data: {} } }],
          next_cursor: null,
        });
      if (url.startsWith('/conversations/c3/approvals?')) return Response.json({ items: [] });
      return new Response('{}', { status: 404 });
    };
    const storage = new MemoryStorage();
    storage.setItem(GATEWAY_CONVERSATION_KEY, 'c3');
    const driver = createGatewayDriver({
      config: { ...DEFAULT_CONFIG, mode: 'gateway', apiBase: '' },
      storage,
      fetch: fakeFetch as typeof fetch,
    });
    const restored = await driver.open(() => {});
    expect(restored.chat.map((entry) => entry.id)).toEqual(['u3']);
    expect(restored.hasOlder).toBe(true);
    expect(restored.canvas.map((event) => (event as { id: string }).id)).toEqual(['w_1', 'w_2']);
    const older = await driver.loadOlder?.();
    expect(older?.chat.map((entry) => entry.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(older?.history).toEqual([{ turnId: 'u2', id: 'k2', name: 'calc', args: {}, result: 'r' }]);
    expect(older?.hasOlder).toBe(false);
  });
});
