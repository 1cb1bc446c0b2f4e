import { SseEventEnds } from './sse-event-ends.ts';

/**
 * A Server-Sent Events byte stream with the data of each `message` event passed through `rewrite`,
 * in one pass: data it returns replaces the event's own (its other fields, `id:` and `retry:`,
 * stay), and `undefined` leaves the event as it came — its very bytes, not decoded and encoded
 * again. Other events and comments pass unchanged, and so does an event the stream ends in the
 * middle of. An event goes downstream once it is complete, after `rewrite` has seen it.
 */
export function sseRewriteMessages(
  rewrite: (data: string) => string | undefined,
): TransformStream<Uint8Array, Uint8Array> {
  const ends = new SseEventEnds();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const encoder = new TextEncoder();
  /** The bytes of the event not yet ended, as they came. */
  let held: Uint8Array[] = [];
  /** No event has ended yet: a byte order mark the stream starts with is no part of a field name. */
  let first = true;
  /** The event of `parts` (one whole event's bytes) rewritten, or undefined when it stays as it came. */
  const rewritten = (parts: Uint8Array[]): Uint8Array | undefined => {
    let text = '';
    for (const part of parts) text += decoder.decode(part, { stream: true });
    text += decoder.decode();
    const bom = first && text.startsWith('\uFEFF') ? '\uFEFF' : '';
    first = false;
    const lines = linesOf(bom === '' ? text : text.slice(1));
    const data: string[] = [];
    let event = '';
    for (const { text } of lines) {
      const { field, value } = fieldOf(text);
      if (field === 'data') data.push(value);
      else if (field === 'event') event = value;
    }
    if (data.length === 0 || (event !== '' && event !== 'message')) return undefined;
    const fresh = rewrite(data.length === 1 ? data[0] : data.join('\n'));
    if (fresh === undefined) return undefined;
    // The last line is the blank one that ends the event; an empty line before it is a CRLF's
    // LF the previous event's chunk did not hold, and stays where it was.
    const blank = lines.pop()?.end ?? '';
    let out = bom;
    for (const { text, end } of lines) if (fieldOf(text).field !== 'data') out += text + end;
    for (const text of fresh.split('\n')) out += `data: ${text}\n`;
    return encoder.encode(out + blank);
  };
  return new TransformStream({
    transform(chunk, controller) {
      /** Where the bytes of `chunk` not yet gone on or held start, and where those that pass as they came do. */
      let from = 0;
      let passFrom = 0;
      for (const end of ends.in(chunk)) {
        held.push(chunk.subarray(from, end));
        const fresh = rewritten(held);
        held.pop();
        if (fresh === undefined) {
          for (const part of held) controller.enqueue(part);
        } else {
          if (passFrom < from) controller.enqueue(chunk.subarray(passFrom, from));
          controller.enqueue(fresh);
          passFrom = end;
        }
        held = [];
        from = end;
      }
      if (passFrom < from) controller.enqueue(chunk.subarray(passFrom, from));
      if (from < chunk.length) held.push(from === 0 ? chunk : chunk.subarray(from));
    },
    flush(controller) {
      for (const part of held) controller.enqueue(part);
    },
  });
}

/** The lines of one event's text, each with its line end (CRLF, LF or CR). */
function linesOf(text: string): { text: string; end: string }[] {
  const lines: { text: string; end: string }[] = [];
  const next = (char: string, from: number) => {
    const at = text.indexOf(char, from);
    return at === -1 ? text.length : at;
  };
  // Each terminator is looked for again only once passed, so many lines cost the text's length once.
  let lf = next('\n', 0);
  let cr = next('\r', 0);
  let from = 0;
  while (from < text.length) {
    const at = Math.min(lf, cr);
    const width = at === cr && lf === at + 1 ? 2 : 1;
    lines.push({ text: text.slice(from, at), end: text.slice(at, at + width) });
    from = at + width;
    if (lf < from) lf = next('\n', from);
    if (cr < from) cr = next('\r', from);
  }
  return lines;
}

/** A line's field name and value, as the SSE format splits them. */
function fieldOf(text: string): { field: string; value: string } {
  const colon = text.indexOf(':');
  if (colon === -1) return { field: text, value: '' };
  return { field: text.slice(0, colon), value: text.slice(colon + 1).replace(/^ /, '') };
}
