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
});
