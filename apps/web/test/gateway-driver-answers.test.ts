import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import { createGatewayDriver } from '../src/lib/gateway/gateway-driver.ts';
import { MemoryStorage } from './support/memory-storage.ts';

type Call = { method: string; url: string; body?: unknown; auth: string | null };

/** A gateway with one conversation, c1, answering the answer routes with `reply`. */
async function openDriver(reply: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(init.body as string) : undefined,
      auth: new Headers(init.headers).get('authorization'),
    };
    if (url === '/api/conversations' && call.method === 'POST')
      return Response.json({ id: 'c1' }, { status: 201 });
    if (
      (url.startsWith('/api/conversations/c1/') || url.startsWith('/api/conversations?')) &&
      call.method === 'GET'
    )
      return Response.json({ items: [] });
    calls.push(call);
    return reply(call);
  };
  const driver = createGatewayDriver({
    config: { ...DEFAULT_CONFIG, mode: 'gateway', apiBase: '/api', apiKey: 'secret' },
    storage: new MemoryStorage(),
    fetch: fakeFetch as typeof fetch,
  });
  await driver.open(() => {});
  return { driver, calls };
}

describe('the gateway driver: answers to servers', () => {
  it('posts a form answer and a sampling decision to the conversation', async () => {
    const { driver, calls } = await openDriver(() => Response.json({ success: true }));
    await expect(
      driver.answerElicitation('req/1', { action: 'accept', content: { name: 'Ada' } }),
    ).resolves.toEqual({ ok: true });
    await expect(driver.answerElicitation('req2', { action: 'decline' })).resolves.toEqual({ ok: true });
    await expect(driver.answerSampling('s1', true)).resolves.toEqual({ ok: true });
    await expect(driver.answerSampling('s2', false)).resolves.toEqual({ ok: true });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/conversations/c1/elicitations/req%2F1',
        body: { action: 'accept', content: { name: 'Ada' } },
        auth: 'Bearer secret',
      },
      {
        method: 'POST',
        url: '/api/conversations/c1/elicitations/req2',
        body: { action: 'decline' },
        auth: 'Bearer secret',
      },
      {
        method: 'POST',
        url: '/api/conversations/c1/sampling/s1',
        body: { decision: 'approve' },
        auth: 'Bearer secret',
      },
      {
        method: 'POST',
        url: '/api/conversations/c1/sampling/s2',
        body: { decision: 'deny' },
        auth: 'Bearer secret',
      },
    ]);
  });

  it('gives the person the gateway’s own reason for a refusal', async () => {
    const { driver } = await openDriver((call) =>
      call.url.includes('/elicitations/')
        ? Response.json(
            {
              error: {
                code: 'invalid_answer',
                message: 'the answer does not match the form: /name must be string',
              },
            },
            { status: 400 },
          )
        : Response.json(
            { error: { code: 'unknown_request', message: 'no sampling request "s9" is waiting' } },
            { status: 404 },
          ),
    );
    await expect(driver.answerElicitation('e1', { action: 'accept', content: { name: 5 } })).resolves.toEqual(
      {
        ok: false,
        message: 'the answer does not match the form: /name must be string',
      },
    );
    await expect(driver.answerSampling('s9', true)).resolves.toEqual({
      ok: false,
      message: 'no sampling request "s9" is waiting',
    });
  });

  it('says when the gateway cannot be reached', async () => {
    const { driver } = await openDriver(() => {
      throw new TypeError('fetch failed');
    });
    await expect(driver.answerSampling('s1', true)).resolves.toEqual({
      ok: false,
      message: 'the gateway could not be reached: fetch failed',
    });
  });
});
