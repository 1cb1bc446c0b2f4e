import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import { createGatewayDriver, GATEWAY_CONVERSATION_KEY } from '../src/lib/gateway/gateway-driver.ts';
import { returnedPage, returnPath } from '../src/lib/gateway/return-path.ts';
import { MemoryStorage } from './support/memory-storage.ts';

/** A gateway answering the server routes (and enough of a conversation to open one). */
function fakeGateway() {
  const calls: Array<{ method: string; url: string; body?: string; auth: string | null }> = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({
      method,
      url,
      body: init.body as string | undefined,
      auth: new Headers(init.headers).get('authorization'),
    });
    if (url === '/api/servers')
      return Response.json({
        items: [
          { id: 'srv_1', name: 'shop', authorization: 'required' },
          { id: 'srv_2', name: 'calc', authorization: 'not_needed' },
          { id: 'srv_3', name: 'docs', authorization: 'connected' },
          { id: 'srv_4', name: 'odd' },
        ],
      });
    if (url === '/api/servers/srv_1/authorize')
      return Response.json({ authorization_url: 'http://127.0.0.1:9000/auth?state=s' });
    if (url === '/api/servers/srv_3/authorization') return Response.json({ success: true, revoked: true });
    if (url === '/api/servers/srv_9/authorize')
      return Response.json({ error: { message: 'server "srv_9" not found' } }, { status: 404 });
    if (url === '/api/conversations/c_back') return Response.json({ id: 'c_back', status: 'idle' });
    if (url.startsWith('/api/conversations/c_back/')) return Response.json({ items: [] });
    return new Response('unexpected', { status: 500 });
  };
  return { calls, fetch };
}

describe('the gateway driver: connecting OAuth servers', () => {
  const config = { ...DEFAULT_CONFIG, mode: 'gateway' as const, apiBase: '/api', apiKey: 'sk-1' };

  it('lists the servers with their authorization, starts a connection and disconnects', async () => {
    const gateway = fakeGateway();
    const storage = new MemoryStorage();
    storage.setItem(GATEWAY_CONVERSATION_KEY, 'c_7');
    const servers = createGatewayDriver({ config, storage, fetch: gateway.fetch }).serverAuthorizations;
    if (!servers) throw new Error('the gateway driver connects servers');

    await expect(servers.list()).resolves.toEqual([
      { id: 'srv_1', name: 'shop', authorization: 'required' },
      { id: 'srv_2', name: 'calc', authorization: 'not_needed' },
      { id: 'srv_3', name: 'docs', authorization: 'connected' },
      { id: 'srv_4', name: 'odd', authorization: 'not_needed' },
    ]);
    await expect(servers.authorize('srv_1')).resolves.toBe('http://127.0.0.1:9000/auth?state=s');
    await servers.authorize('srv_1', 'http://127.0.0.1:8080/app/?mode=gateway#top');
    await servers.disconnect('srv_3');
    await expect(servers.authorize('srv_9')).rejects.toThrow('server "srv_9" not found');

    expect(gateway.calls.slice(1, 4)).toEqual([
      { method: 'POST', url: '/api/servers/srv_1/authorize', body: '{}', auth: 'Bearer sk-1' },
      {
        method: 'POST',
        url: '/api/servers/srv_1/authorize',
        body: JSON.stringify({ return_to: '/app/?mode=gateway&conversation=c_7&connected=srv_1#top' }),
        auth: 'Bearer sk-1',
      },
      { method: 'DELETE', url: '/api/servers/srv_3/authorization', body: undefined, auth: 'Bearer sk-1' },
    ]);
  });

  it('opens the conversation the page came back to, and keeps it for the next reload', async () => {
    const gateway = fakeGateway();
    const storage = new MemoryStorage();
    storage.setItem(GATEWAY_CONVERSATION_KEY, 'c_other');
    const driver = createGatewayDriver({ config, storage, fetch: gateway.fetch, conversationId: 'c_back' });
    await driver.open(() => {});
    expect(gateway.calls[0].url).toBe('/api/conversations/c_back');
    expect(storage.getItem(GATEWAY_CONVERSATION_KEY)).toBe('c_back');
  });
});

describe('the return path', () => {
  it('names the conversation and the server in the query and reads them back, leaving the rest of the address', () => {
    const path = returnPath('http://127.0.0.1:8080/?mode=gateway&conversation=old#x', 'conv_1', 'srv_1');
    expect(path).toBe('/?mode=gateway&conversation=conv_1&connected=srv_1#x');
    expect(returnedPage(`http://127.0.0.1:8080${path}`)).toEqual({
      conversationId: 'conv_1',
      serverId: 'srv_1',
      href: 'http://127.0.0.1:8080/?mode=gateway#x',
    });
    expect(returnedPage('http://127.0.0.1:8080/?conversation=c&connected=')).toEqual({
      conversationId: 'c',
      href: 'http://127.0.0.1:8080/',
    });
    expect(returnedPage('http://127.0.0.1:8080/?mode=gateway&connected=srv_1')).toBeUndefined();
    expect(returnPath('http://127.0.0.1:8080/', 'a b&c', 's')).toBe('/?conversation=a+b%26c&connected=s');
  });
});
