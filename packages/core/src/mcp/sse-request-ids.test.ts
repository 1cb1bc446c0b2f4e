import { describe, expect, test } from 'vitest';
import { type JsonRpcId, sseRequestIds } from './sse-request-ids.ts';

/** Streams `chunks` through the pass-through; returns the ids it reported and the bytes that came out. */
async function pass(chunks: string[]): Promise<{ ids: JsonRpcId[]; text: string }> {
  const ids: JsonRpcId[] = [];
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  const text = await new Response(source.pipeThrough(sseRequestIds((id) => ids.push(id)))).text();
  return { ids, text };
}

const LONG_LINE_BYTES = 16 * 1024 * 1024;

/**
 * `head`, 16 MiB of `x` in 1 KiB chunks, then `tail`, as a server would stream them (letting
 * timers run every 256 chunks, so a test that takes too long times out rather than hangs).
 */
function longLine(head: string, tail: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const piece = encoder.encode('x'.repeat(1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 0) controller.enqueue(encoder.encode(head));
      if (sent % 256 === 0) await new Promise((resolve) => setImmediate(resolve));
      if (sent * piece.length < LONG_LINE_BYTES) controller.enqueue(piece);
      else {
        controller.enqueue(encoder.encode(tail));
        controller.close();
      }
      sent++;
    },
  });
}

describe('sseRequestIds', () => {
  test('reports the requests among the messages, whatever the chunking and line endings, and passes every byte on', async () => {
    const stream = [
      'id: 1\r\ndata: {"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{}}\r\n\r\n',
      'data: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\n',
      'event: message\rdata: {"jsonrpc":"2.0",\rdata: "id":"s-2","method":"sampling/createMessage"}\r\r',
      'event: ping\ndata: {"jsonrpc":"2.0","id":9,"method":"ping"}\n\n',
      'data: {"jsonrpc":"2.0","id":3,"result":{}}\n\n',
    ].join('');
    const whole = await pass([stream]);
    const split = await pass(stream.match(/[\s\S]{1,5}/g) ?? []);
    const atCarriageReturns = await pass(stream.split(/(?<=\r)/));
    for (const run of [whole, split, atCarriageReturns]) {
      expect(run.ids).toEqual([7, 's-2']);
      expect(run.text).toBe(stream);
    }
  });

  test('ignores events that are not JSON or end without a blank line', async () => {
    expect((await pass(['data: not json\n\n', 'data: {"id":1,"method":"x"}\n'])).ids).toEqual([]);
  });
  test("takes a long line in many small chunks in one pass (a server's 16 MiB line in 1 KiB pieces)", async () => {
    // Splitting the whole pending line on every chunk made this quadratic in the line's length
    // (16 MiB in 16 KiB chunks took 21 s of one core, in 1 KiB chunks past this test's timeout).
    const chunks = longLine(
      'data: {"jsonrpc":"2.0","id":5,"method":"elicitation/create","params":{"message":"',
      '"}}\r\n\r\n',
    );
    const ids: JsonRpcId[] = [];
    const text = await new Response(chunks.pipeThrough(sseRequestIds((id) => ids.push(id)))).text();
    expect(ids).toEqual([5]);
    expect(text).toMatch(/^data: \{"jsonrpc".*x{1024}"\}\}\r\n\r\n$/s);
    expect(text.length).toBeGreaterThan(LONG_LINE_BYTES);
  });
});
