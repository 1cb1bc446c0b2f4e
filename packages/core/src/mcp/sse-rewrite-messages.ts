/**
 * A Server-Sent Events byte stream with the data of each `message` event passed through `rewrite`:
 * data it returns replaces the event's own (its other fields, `id:` and `retry:`, stay), and
 * `undefined` leaves the event as it came. Other events and comments pass unchanged, and so does
 * an event the stream ends in the middle of. An event goes downstream once it is complete.
 */
export function sseRewriteMessages(
  rewrite: (data: string) => string | undefined,
): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  /**
   * Whether `pending` ends in a CR, kept apart: asking `pending` itself would copy it whole on
   * every chunk of a long line (quadratic in its length, which a server chooses).
   */
  let heldCr = false;
  /** The current event's lines as they came (with their line ends), and its data and type. */
  let raw: { text: string; end: string }[] = [];
  let data: string[] = [];
  let event = '';
  const complete = (end: string): string => {
    const lines = raw;
    const rewritten =
      data.length > 0 && (event === '' || event === 'message') ? rewrite(data.join('\n')) : undefined;
    raw = [];
    data = [];
    event = '';
    if (rewritten === undefined) return lines.map(({ text, end }) => text + end).join('') + end;
    const kept = lines.filter(({ text }) => fieldOf(text).field !== 'data');
    const fresh = rewritten.split('\n').map((text) => ({ text: `data: ${text}`, end: '\n' }));
    return [...kept, ...fresh].map(({ text, end }) => text + end).join('') + end;
  };
  const line = (text: string, end: string): string => {
    if (text === '') return complete(end);
    raw.push({ text, end });
    const { field, value } = fieldOf(text);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    return '';
  };
  /** The complete lines of `pending`, each as it goes on; at the end, a trailing CR ends a line too. */
  const drain = (final: boolean): string => {
    // A trailing CR may be the first half of CRLF: it waits for the next chunk.
    const whole = !final && pending.endsWith('\r') ? pending.slice(0, -1) : pending;
    const parts = whole.split(/(\r\n|\r|\n)/);
    pending = (parts.pop() ?? '') + pending.slice(whole.length);
    heldCr = pending.endsWith('\r');
    let out = '';
    for (let i = 0; i < parts.length; i += 2) out += line(parts[i], parts[i + 1]);
    return out;
  };
  return new TransformStream({
    transform(chunk, controller) {
      const text = decoder.decode(chunk, { stream: true });
      const afterCr = heldCr;
      pending += text;
      if (text !== '') heldCr = text.endsWith('\r');
      // A long line arriving in many chunks is split once, when it ends.
      if (!afterCr && !/[\r\n]/.test(text)) return;
      const out = drain(false);
      if (out !== '') controller.enqueue(encoder.encode(out));
    },
    flush(controller) {
      pending += decoder.decode();
      const out = drain(true) + raw.map(({ text, end }) => text + end).join('') + pending;
      if (out !== '') controller.enqueue(encoder.encode(out));
    },
  });
}

/** A line's field name and value, as the SSE format splits them. */
function fieldOf(text: string): { field: string; value: string } {
  const colon = text.indexOf(':');
  if (colon === -1) return { field: text, value: '' };
  return { field: text.slice(0, colon), value: text.slice(colon + 1).replace(/^ /, '') };
}
