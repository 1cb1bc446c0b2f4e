/** A JSON-RPC request id. */
export type JsonRpcId = string | number;

/**
 * A pass-through for a Server-Sent Events byte stream that reports the id of each JSON-RPC
 * request (a message with `method` and `id`) its `message` events carry, before the bytes of
 * that event go on downstream — so whoever reads the stream learns of a request only after
 * `onRequest` has seen it. The bytes themselves pass unchanged.
 */
export function sseRequestIds(onRequest: (id: JsonRpcId) => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  let pending = '';
  /**
   * Whether `pending` ends in a CR, kept apart: asking `pending` itself (or splitting it) on every
   * chunk of a long line would copy it whole each time (quadratic in its length, which a server chooses).
   */
  let heldCr = false;
  let data: string[] = [];
  let event = '';
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0 && (event === '' || event === 'message')) {
        const id = requestId(data.join('\n'));
        if (id !== undefined) onRequest(id);
      }
      data = [];
      event = '';
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  };
  return new TransformStream({
    transform(chunk, controller) {
      const text = decoder.decode(chunk, { stream: true });
      const afterCr = heldCr;
      pending += text;
      if (text !== '') heldCr = text.endsWith('\r');
      // A long line arriving in many chunks is split once, when it ends.
      if (afterCr || /[\r\n]/.test(text)) {
        // A trailing CR may be the first half of CRLF: it waits for the next chunk.
        const complete = heldCr ? pending.slice(0, -1) : pending;
        const lines = complete.split(/\r\n|\r|\n/);
        pending = (lines.pop() ?? '') + pending.slice(complete.length);
        for (const text of lines) line(text);
      }
      controller.enqueue(chunk);
    },
  });
}

function requestId(data: string): JsonRpcId | undefined {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || !('method' in message) || !('id' in message))
    return undefined;
  const { id } = message;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
