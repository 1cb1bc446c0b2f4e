import type { ClientContext } from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
import { LONG_LINE_BYTES, longLine, streamOf } from '../wire/sse-test-streams.test-helper.ts';
import { AskingCalls } from './asking-calls.ts';

/** A handler context of a server request with this JSON-RPC id. */
const requestWithId = (id: string | number) => ({ mcpReq: { id } }) as unknown as ClientContext;

/**
 * The bytes a call tagged `tag` reads from a POST answered with `body` as an event stream, through
 * `asking`'s fetch.
 */
async function call(asking: AskingCalls, tag: string, body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const server = async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  const response = await asking.fetch(server)('http://server/mcp', {
    method: 'POST',
    headers: asking.headers(tag),
  });
  return new Uint8Array(await response.arrayBuffer());
}

describe('AskingCalls.fetch on a call’s event stream', () => {
  const stream = [
    'id: 1\r\ndata: {"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{}}\r\n\r\n',
    'data: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\n',
    'event: message\rdata: {"jsonrpc":"2.0",\rdata: "id":"s-2","method":"sampling/createMessage"}\r\r',
    'event: ping\ndata: {"jsonrpc":"2.0","id":9,"method":"ping"}\n\n',
    'data: {"jsonrpc":"2.0","id":3,"result":{}}\n\n',
    'data: {"jsonrpc":"2.0","id":4,"\\u006dethod":"roots/list"}\n\n',
    'data: {"jsonrpc":"2.0","id":5,"method":"elicitation/create"}\n',
  ].join('');

  test('notes the call’s server requests, whatever the chunking and line endings, and passes every byte on', async () => {
    for (const chunks of [[stream], stream.match(/[\s\S]{1,5}/g) ?? [], stream.split(/(?<=\r)/)]) {
      const asking = new AskingCalls();
      const out = await call(asking, 'A', streamOf(chunks));
      expect(new TextDecoder().decode(out)).toBe(stream);
      expect(asking.askingCall(requestWithId(7))).toBe('A');
      expect(asking.askingCall(requestWithId('s-2'))).toBe('A');
      expect(asking.askingCall(requestWithId(4))).toBe('A');
      // A ping event is no message, a response no request, and the last event never ended.
      for (const id of [9, 3, 5]) expect(asking.askingCall(requestWithId(id))).toBeUndefined();
    }
  });

  test('passes events it does not mark on as their very bytes, even those that are no UTF-8', async () => {
    const encoder = new TextEncoder();
    const bytes = [
      Uint8Array.of(
        0xef,
        0xbb,
        0xbf,
        ...encoder.encode('data: {"result":"'),
        0xff,
        0xc3,
        ...encoder.encode('"}\n\n'),
      ),
      encoder.encode(': comment \xe9\r\n\r\n'),
    ];
    const whole = Uint8Array.from(bytes.flatMap((part) => [...part]));
    expect(await call(new AskingCalls(), 'A', streamOf(bytes))).toEqual(whole);
  });

  test('marks the call’s log messages and keeps the other fields and events around them', async () => {
    const asking = new AskingCalls();
    const log = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hi"}}';
    const events = [
      ': keep-alive\r\n\r\n',
      `id: 2\r\ndata: ${log}\r\nretry: 10\r\n\r\n`,
      'data: {"n":1}\n\n',
    ];
    const out = new TextDecoder().decode(await call(asking, 'A', streamOf(events.join('').split(/(?<=\r)/))));
    expect(out.startsWith(events[0])).toBe(true);
    expect(out.endsWith(events[2])).toBe(true);
    const marked = out.slice(events[0].length, -events[2].length);
    expect(marked).toMatch(/^id: 2\r\nretry: 10\r\ndata: \{[^\r\n]*\}\n\r\n$/);
    const message = JSON.parse(marked.split('data: ')[1]);
    expect(asking.readLog(message.params)).toEqual({ message: JSON.parse(log).params, loggingCall: 'A' });
  });

  test("takes a long line in many small chunks in one pass (a server's 16 MiB line in 1 KiB pieces)", async () => {
    // Looking at the whole pending line on every chunk made this quadratic in the line's length
    // (16 MiB in 16 KiB chunks took 21 s of one core, in 1 KiB chunks past this test's timeout).
    const asking = new AskingCalls();
    const chunks = longLine(
      'data: {"jsonrpc":"2.0","id":5,"method":"elicitation/create","params":{"message":"',
      '"}}\r\n\r\n',
    );
    const text = new TextDecoder().decode(await call(asking, 'A', chunks));
    expect(asking.askingCall(requestWithId(5))).toBe('A');
    expect(text).toMatch(/^data: \{"jsonrpc".*x{1024}"\}\}\r\n\r\n$/s);
    expect(text.length).toBeGreaterThan(LONG_LINE_BYTES);
  });
});
