import { DEFAULT_MAX_REQUEST_BODY_SIZE } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { readJsonBody } from './read-json-body.ts';

const URL_ = 'http://gateway.test/mcp';
const post = (body: string, headers: Record<string, string> = {}) =>
  new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('readJsonBody', () => {
  it('parses a JSON POST once and hands on the same request', async () => {
    const request = post('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    const read = await readJsonBody(request);
    expect(read).toEqual({ request, parsedBody: { jsonrpc: '2.0', id: 1, method: 'ping' } });
    expect(request.bodyUsed).toBe(true);
  });

  it('reads a body that declares its length the same way', async () => {
    const body = '{"jsonrpc":"2.0","id":2,"method":"tools/list"}';
    const read = await readJsonBody(post(body, { 'content-length': String(body.length) }));
    if (read instanceof Response) throw new Error('expected a request');
    expect(read.parsedBody).toEqual({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  });

  it('hands a body that is not JSON on as the same text, for the SDK to answer', async () => {
    const read = await readJsonBody(post('{not json', { 'mcp-session-id': 's1' }));
    if (read instanceof Response) throw new Error('expected a request');
    expect(read.parsedBody).toBeUndefined();
    expect(read.request.headers.get('mcp-session-id')).toBe('s1');
    expect(await read.request.text()).toBe('{not json');
  });

  it('answers a body over the limit with 413 without reading it', async () => {
    const request = post('{}', { 'content-length': String(DEFAULT_MAX_REQUEST_BODY_SIZE + 1) });
    const read = await readJsonBody(request);
    if (!(read instanceof Response)) throw new Error('expected a response');
    expect(read.status).toBe(413);
    expect((await read.json()).error.code).toBe(-32000);
    expect(request.bodyUsed).toBe(false);
  });

  it('leaves GETs and other media types unread', async () => {
    const get = new Request(URL_);
    expect(await readJsonBody(get)).toEqual({ request: get });
    const text = new Request(URL_, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(await readJsonBody(text)).toEqual({ request: text });
    expect(text.bodyUsed).toBe(false);
  });
});
