import type { FetchLike } from '@modelcontextprotocol/client';
import { ProtocolError } from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_MAX_MESSAGE_BYTES,
  describeOversizedMessage,
  formatBytes,
  limitMessageBytes,
  MessageTooLargeError,
  withMessageSizeLimit,
} from './message-size-limit.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A server (at the fetch edge) answering with `chunks` as they are pulled; counts the pulls. */
function answering(chunks: string[], headers: Record<string, string>) {
  const served = { pulls: 0 };
  const fetch: FetchLike = async () => {
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        served.pulls++;
        if (next < chunks.length) controller.enqueue(encoder.encode(chunks[next++]));
        else controller.close();
      },
    });
    return new Response(body, { status: 200, headers });
  };
  return { fetch, served };
}

const SSE = { 'content-type': 'text/event-stream' };
const JSON_TYPE = { 'content-type': 'application/json' };
const CALL = { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call' }) };

async function read(response: Response): Promise<string> {
  return decoder.decode(await response.arrayBuffer());
}

describe('limitMessageBytes over an event stream', () => {
  test('passes events whole and unchanged however the bytes are split, whatever their total', async () => {
    const stream = 'data: 1234567\n\nid: 1\r\ndata: 123456\r\n\r\n: note\r\rdata: 12345\n\n';
    const bytewise = [...stream];
    const { fetch } = answering([...bytewise, ...bytewise, ...bytewise], SSE);
    const limited = limitMessageBytes(fetch, 'server', 24);
    expect(await read(await limited('http://x/mcp', CALL))).toBe(stream.repeat(3));
  });

  test('an event over the limit ends the stream with an error answering the request', async () => {
    const { fetch, served } = answering(
      ['data: ok\n\n', 'data: ', 'z'.repeat(40), 'z'.repeat(40), 'never read'],
      SSE,
    );
    const limited = limitMessageBytes(fetch, 'server', 64);
    const text = await read(await limited('http://x/mcp', CALL));
    const [first, second, rest] = text.split('\n\n');
    expect(first).toBe('data: ok');
    expect(rest).toBe('');
    const answer = JSON.parse(second.replace(/^data: /, ''));
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32603 } });
    expect(answer.error.message).toBe(
      'MCP server "server" sent a message over 64 bytes; raise maxMessageBytes or fix the server',
    );
    expect(served.pulls).toBeLessThanOrEqual(5);
    const error = new ProtocolError(answer.error.code, answer.error.message, answer.error.data);
    expect(describeOversizedMessage(error)?.what).toContain('a message over 64 bytes');
  });

  test('a blank line made of CRs and CRLFs split across chunks ends an event', async () => {
    const { fetch } = answering(['data: 12345678\r', '\n', '\r', '\n', 'data: 12345678\r\r'], SSE);
    const limited = limitMessageBytes(fetch, 'server', 18);
    expect(await read(await limited('http://x/mcp', CALL))).toBe('data: 12345678\r\n\r\ndata: 12345678\r\r');
  });

  test('with no request to answer (the standalone stream) the stream errors', async () => {
    const { fetch } = answering(['data: ', 'z'.repeat(100)], SSE);
    const response = await limitMessageBytes(fetch, 'server', 64)('http://x/mcp', { method: 'GET' });
    await expect(read(response)).rejects.toBeInstanceOf(MessageTooLargeError);
  });
});

describe('limitMessageBytes over other bodies', () => {
  test('a body within the limit passes', async () => {
    const { fetch } = answering(['{"a":', '1}'], JSON_TYPE);
    expect(await (await limitMessageBytes(fetch, 'server', 7)('http://x/mcp', CALL)).json()).toEqual({
      a: 1,
    });
  });

  test('a body over the limit in all errors, naming the server and the limit', async () => {
    const { fetch } = answering(['{"a":"', 'z'.repeat(2048), '"}'], JSON_TYPE);
    const response = await limitMessageBytes(fetch, 'files', 2048)('http://x/mcp', CALL);
    const error = await response.json().catch((e) => e);
    expect(error).toBeInstanceOf(MessageTooLargeError);
    expect(error.message).toBe(
      'MCP server "files" sent a message over 2 KiB; raise maxMessageBytes or fix the server',
    );
  });

  test('a body declaring a length over the limit is not read', async () => {
    const { fetch, served } = answering(['{}'], { ...JSON_TYPE, 'content-length': '100' });
    const response = await limitMessageBytes(fetch, 'server', 99)('http://x/mcp', CALL);
    await expect(response.text()).rejects.toBeInstanceOf(MessageTooLargeError);
    expect(served.pulls).toBeLessThanOrEqual(1);
  });
});

describe('withMessageSizeLimit', () => {
  test('defaults to 16 MiB', () => {
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(16 * 1024 * 1024);
    expect(formatBytes(DEFAULT_MAX_MESSAGE_BYTES)).toBe('16 MiB');
  });

  test('refuses a limit that is not a positive whole number', () => {
    const options = { name: 'x', transport: { type: 'http' as const, url: 'http://x/mcp' } };
    expect(() => withMessageSizeLimit({ ...options, maxMessageBytes: 0.5 })).toThrow(RangeError);
    expect(withMessageSizeLimit(options).fetch).toBeTypeOf('function');
  });
});

describe('describeOversizedMessage', () => {
  test('does not take a JSON-RPC error from the server for one of its own', () => {
    const forged = new ProtocolError(-32603, 'big', { maxMessageBytes: 1 });
    expect(describeOversizedMessage(forged)).toBeUndefined();
    expect(describeOversizedMessage(new Error('x'))).toBeUndefined();
  });
});
