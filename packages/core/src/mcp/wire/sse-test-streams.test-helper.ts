/** Streams a server might send, for the tests of what reads a call's event stream. */

/** How long {@link longLine}'s line is: 16 MiB. */
export const LONG_LINE_BYTES = 16 * 1024 * 1024;

/** A stream of `chunks` (text, or bytes as they are). */
export function streamOf(chunks: readonly (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

/**
 * `head`, 16 MiB of `x` in 1 KiB chunks, then `tail`, as a server would stream them (letting
 * timers run every 256 chunks, so a test that takes too long times out rather than hangs).
 */
export function longLine(head: string, tail: string): ReadableStream<Uint8Array> {
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
