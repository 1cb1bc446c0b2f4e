import { describe, expect, test } from 'vitest';
import { sseRewriteMessages } from './sse-rewrite-messages.ts';
import { LONG_LINE_BYTES, longLine, streamOf } from './sse-test-streams.test-helper.ts';

/** Streams `chunks` through the rewrite; returns the text that came out. */
async function pass(chunks: string[], rewrite: (data: string) => string | undefined): Promise<string> {
  return new Response(streamOf(chunks).pipeThrough(sseRewriteMessages(rewrite))).text();
}

const stream = [
  ': keep-alive\r\n\r\n',
  'id: 1\r\ndata: {"n":1}\r\n\r\n',
  'event: ping\ndata: {"n":2}\n\n',
  'event: message\rid: 3\rdata: {"n":\rdata: 3}\rretry: 10\r\r',
  'data: {"n":4}\n',
].join('');

describe('sseRewriteMessages', () => {
  test('passes every byte on as it came when nothing is rewritten, whatever the chunking', async () => {
    const seen: string[] = [];
    const keep = (data: string) => {
      seen.push(data);
      return undefined;
    };
    for (const chunks of [[stream], stream.match(/[\s\S]{1,5}/g) ?? [], stream.split(/(?<=\r)/)]) {
      seen.length = 0;
      expect(await pass(chunks, keep)).toBe(stream);
      // The ping event is no message, and the last event never ended.
      expect(seen).toEqual(['{"n":1}', '{"n":\n3}']);
    }
  });

  test('an event whose last line end is a lone CR at the end of the stream is still a complete event', async () => {
    const seen: string[] = [];
    const text = 'data: {"n":1}\r\r';
    const keep = (data: string) => void seen.push(data);
    for (const chunks of [[text], ['data: {"n"', ':1}\r', '\r']]) {
      seen.length = 0;
      expect(await pass(chunks, keep)).toBe(text);
      expect(seen).toEqual(['{"n":1}']);
    }
  });

  test('replaces the data of a rewritten message event and keeps its other fields', async () => {
    const bump = (data: string) => JSON.stringify({ n: (JSON.parse(data) as { n: number }).n * 10 });
    const out = await pass(stream.match(/[\s\S]{1,7}/g) ?? [], bump);
    expect(out).toBe(
      [
        ': keep-alive\r\n\r\n',
        'id: 1\r\ndata: {"n":10}\n\r\n',
        'event: ping\ndata: {"n":2}\n\n',
        'event: message\rid: 3\rretry: 10\rdata: {"n":30}\n\r',
        'data: {"n":4}\n',
      ].join(''),
    );
  });
  test("takes a long line in many small chunks in one pass (a server's 16 MiB line in 1 KiB pieces)", async () => {
    // Looking at the whole pending line on every chunk made this quadratic in the line's length
    // (16 MiB in 16 KiB chunks took 11 s of one core, in 1 KiB chunks past this test's timeout).
    const head = 'data: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"';
    const chunks = longLine(head, '"}}\n\n');
    const seen: number[] = [];
    const rewritten = chunks.pipeThrough(
      sseRewriteMessages((data) => {
        seen.push(data.length);
        return 'data too long';
      }),
    );
    expect(await new Response(rewritten).text()).toBe('data: data too long\n\n');
    expect(seen).toEqual([head.length - 'data: '.length + LONG_LINE_BYTES + '"}}'.length]);
  });
});
