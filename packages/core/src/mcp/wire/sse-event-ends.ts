const LF = 0x0a;
const CR = 0x0d;
/** Decodes a chunk only to search it (a byte order mark kept, so that lengths compare). */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Finds where events end in a Server-Sent Events byte stream (a blank line: a line terminator —
 * CRLF, LF or CR — right after another), across chunks. Each chunk is looked at once, so a long
 * line in many chunks costs its length, not its length times its chunks. The LF of a CRLF counts
 * with the event it ends when it is in the same chunk; one the next chunk starts with opens the
 * next event's bytes, where it is an empty line of its own.
 */
export class SseEventEnds {
  /** The last byte seen ended a line (or nothing was seen yet). */
  #atLineStart = true;
  /** The last byte seen was a CR, whose LF (if one follows) belongs to it. */
  #afterCr = false;

  /** The offsets just past each blank line in `chunk`, in order (none when no event ends in it). */
  in(chunk: Uint8Array): number[] {
    // A Uint8Array is searched one byte at a time, a string many times faster: where each byte
    // decoded to one UTF-16 unit (the lengths match), the text's positions are the bytes'.
    const text = decoder.decode(chunk);
    const find: (of: 'LF' | 'CR', from: number) => number =
      text.length === chunk.length
        ? (of, from) => text.indexOf(of === 'LF' ? '\n' : '\r', from)
        : (of, from) => chunk.indexOf(of === 'LF' ? LF : CR, from);
    const ends: number[] = [];
    let from = 0;
    let nextLf = find('LF', 0);
    let nextCr = find('CR', 0);
    while (nextLf !== -1 || nextCr !== -1) {
      const at = nextLf === -1 ? nextCr : nextCr === -1 ? nextLf : Math.min(nextLf, nextCr);
      if (at > from) {
        this.#atLineStart = false;
        this.#afterCr = false;
      }
      if (at === nextLf && this.#afterCr) {
        this.#afterCr = false;
        if (ends.at(-1) === at) ends[ends.length - 1] = at + 1;
      } else {
        if (this.#atLineStart) ends.push(at + 1);
        this.#atLineStart = true;
        this.#afterCr = at === nextCr;
      }
      from = at + 1;
      if (at === nextLf) nextLf = find('LF', from);
      else nextCr = find('CR', from);
    }
    if (from < chunk.length) {
      this.#atLineStart = false;
      this.#afterCr = false;
    }
    return ends;
  }
}
