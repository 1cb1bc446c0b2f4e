import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import { createGatewayDriver, GATEWAY_CONVERSATION_KEY } from '../src/lib/gateway/gateway-driver.ts';
import { MemoryStorage } from './support/memory-storage.ts';

interface FakeConversation {
  id: string;
  title: string;
  model: string | null;
  messages: Array<Record<string, unknown>>;
  canvas: Array<{ kind: string; payload: unknown }>;
}

/**
 * A gateway keeping conversations in memory: the routes the driver and its conversation library
 * call, each request recorded as `METHOD path`.
 */
function fakeGateway(conversations: FakeConversation[]) {
  const requests: string[] = [];
  let created = 0;
  const view = (conversation: FakeConversation) => ({
    id: conversation.id,
    title: conversation.title,
    model: conversation.model,
    status: 'idle',
    updated_at: '2026-11-28T10:00:00.000Z',
  });
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://gateway');
    const method = init.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url.pathname === '/conversations' && method === 'POST') {
      const conversation = { id: `new${++created}`, title: '', model: null, messages: [], canvas: [] };
      conversations.unshift(conversation);
      return Response.json(view(conversation), { status: 201 });
    }
    if (url.pathname === '/conversations') {
      const query = url.searchParams.get('q')?.toLowerCase() ?? '';
      const limit = Number(url.searchParams.get('limit'));
      const matching = conversations.filter((item) => item.title.toLowerCase().includes(query));
      const start = Number(url.searchParams.get('cursor') ?? 0);
      return Response.json({
        items: matching.slice(start, start + limit).map(view),
        next_cursor: start + limit < matching.length ? String(start + limit) : null,
      });
    }
    if (url.pathname === '/models')
      return Response.json({
        items: [
          { id: 'planner', label: 'Planner', vendor: 'offline', default: true },
          {
            id: 'big',
            label: 'Big',
            vendor: 'openai',
            default: false,
            price: { input: 3, output: 15, currency: 'USD' },
          },
        ],
      });
    const [, id, rest = ''] = /^\/conversations\/([^/]+)(\/.*)?$/.exec(url.pathname) ?? [];
    const conversation = conversations.find((item) => item.id === id);
    if (!conversation)
      return Response.json({ error: { message: 'conversation not found' } }, { status: 404 });
    if (rest === '' && method === 'PATCH') {
      Object.assign(conversation, body);
      return Response.json(view(conversation));
    }
    if (rest === '' && method === 'DELETE') {
      conversations.splice(conversations.indexOf(conversation), 1);
      return Response.json({ success: true });
    }
    if (rest === '') return Response.json(view(conversation));
    if (rest === '/messages')
      return Response.json({
        items: conversation.messages.slice(0, Number(url.searchParams.get('limit'))),
        previous_cursor: null,
      });
    if (rest === '/canvas') return Response.json({ items: conversation.canvas, next_cursor: null });
    if (rest === '/approvals') return Response.json({ items: [] });
    return Response.json({ error: { message: 'no such route' } }, { status: 404 });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests, conversations };
}

const widget = (id: string) => ({
  kind: 'widget',
  payload: { id, type: 'stat', data: { label: id, value: 1 }, toolCallId: `call_${id}` },
});

function conversationsOf() {
  return [
    {
      id: 'c2',
      title: 'Groceries',
      model: 'big',
      messages: [
        { id: 'm3', role: 'user', content: 'search milk' },
        {
          id: 'm4',
          role: 'assistant',
          content: 'Three kinds of milk.',
          usage: { input_tokens: 1_200, output_tokens: 40, cost: { amount: 0.0042, currency: 'USD' } },
        },
      ],
      canvas: [widget('w_milk')],
    },
    {
      id: 'c1',
      title: 'Sums',
      model: null,
      messages: [
        { id: 'm1', role: 'user', content: 'what is 2 plus 3' },
        { id: 'm2', role: 'assistant', content: '5', usage: { input_tokens: 0, output_tokens: 0 } },
      ],
      canvas: [widget('w_sum')],
    },
  ] satisfies FakeConversation[];
}

function driverOn(gateway: ReturnType<typeof fakeGateway>, storage = new MemoryStorage()) {
  return {
    storage,
    driver: createGatewayDriver({
      config: { ...DEFAULT_CONFIG, mode: 'gateway', apiBase: '' },
      storage,
      fetch: gateway.fetch,
    }),
  };
}

describe('switching conversations in the gateway driver', () => {
  it('opens another conversation with its chat, canvas, model and token counts, and remembers it', async () => {
    const gateway = fakeGateway(conversationsOf());
    const storage = new MemoryStorage();
    storage.setItem(GATEWAY_CONVERSATION_KEY, 'c1');
    const { driver } = driverOn(gateway, storage);
    const first = await driver.open(() => {});
    expect(first.chat.map((entry) => entry.text)).toEqual(['what is 2 plus 3', '5']);
    expect(first.model).toBeNull();

    await driver.openConversation?.('c2');
    expect(storage.getItem(GATEWAY_CONVERSATION_KEY)).toBe('c2');
    expect(driver.currentConversation?.()).toBe('c2');
    const second = await driver.open(() => {});
    expect(second.chat).toEqual([
      { id: 'm3', role: 'user', text: 'search milk' },
      {
        id: 'm4',
        role: 'assistant',
        text: 'Three kinds of milk.',
        usage: { inputTokens: 1_200, outputTokens: 40, cost: { amount: 0.0042, currency: 'USD' } },
      },
    ]);
    expect(second.canvas).toEqual([
      { type: 'add', id: 'w_milk', widget: 'stat', data: { label: 'w_milk', value: 1 } },
    ]);
    expect(second.model).toBe('big');
    // Everything after the switch addresses the conversation opened.
    expect(gateway.requests.filter((request) => request.includes('/conversations/c1'))).toHaveLength(4);
  });

  it('reuses the newest conversation in a new browser only while nothing was said in it', async () => {
    const gateway = fakeGateway(conversationsOf());
    const { driver } = driverOn(gateway);
    await driver.open(() => {});
    // The newest, c2, has messages: a new conversation is started, and is the newest now.
    expect(driver.currentConversation?.()).toBe('new1');

    const { driver: again, storage } = driverOn(gateway);
    await again.open(() => {});
    expect(again.currentConversation?.()).toBe('new1');
    expect(storage.getItem(GATEWAY_CONVERSATION_KEY)).toBe('new1');
    expect(gateway.requests.filter((request) => request === 'POST /conversations')).toHaveLength(1);
  });
});

describe('the conversation library', () => {
  it('lists a page at a time with the search, renames, deletes and reads the models', async () => {
    const gateway = fakeGateway(conversationsOf());
    const { driver } = driverOn(gateway);
    const library = driver.conversations;
    if (!library) throw new Error('the gateway driver has a conversation library');

    const page = await library.list({ limit: 1 });
    expect(page).toEqual({
      items: [{ id: 'c2', title: 'Groceries', model: 'big', updatedAt: '2026-11-28T10:00:00.000Z' }],
      nextCursor: '1',
    });
    expect((await library.list({ limit: 1, cursor: page.nextCursor })).items.map((item) => item.id)).toEqual([
      'c1',
    ]);
    expect((await library.list({ query: '  sum ' })).items.map((item) => item.id)).toEqual(['c1']);
    expect(gateway.requests).toContain('GET /conversations?limit=20&q=sum');

    expect(await library.rename('c1', 'Additions')).toMatchObject({ id: 'c1', title: 'Additions' });
    expect(await library.chooseModel('c1', 'big')).toMatchObject({ id: 'c1', model: 'big' });
    await library.remove('c2');
    expect(gateway.conversations.map((item) => [item.id, item.title, item.model])).toEqual([
      ['c1', 'Additions', 'big'],
    ]);
    await expect(library.remove('c2')).rejects.toThrow('conversation not found');

    expect(await library.models()).toEqual([
      { id: 'planner', label: 'Planner', vendor: 'offline', default: true },
      {
        id: 'big',
        label: 'Big',
        vendor: 'openai',
        default: false,
        price: { input: 3, output: 15, currency: 'USD' },
      },
    ]);
  });
});
