import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { SequencedEvent } from '../store/stream-event.ts';

const KEEP_ALIVE_MS = 15_000;

/**
 * Streams events as Server-Sent Events: `id:` is the event's sequence number (send it back as
 * `Last-Event-ID` to resume), `data:` the AG-UI event as JSON. A comment every 15 s keeps proxies
 * from closing an idle stream. The source stops when the client goes away.
 */
export function writeSse(
  c: Context,
  source: (signal: AbortSignal) => AsyncIterable<SequencedEvent>,
): Response {
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const controller = new AbortController();
    stream.onAbort(() => controller.abort());
    const keepAlive = setInterval(() => {
      void stream.write(': keep-alive\n\n').catch(() => controller.abort());
    }, KEEP_ALIVE_MS);
    try {
      for await (const { seq, event } of source(controller.signal)) {
        await stream.writeSSE({ id: String(seq), data: JSON.stringify(event) });
      }
    } finally {
      clearInterval(keepAlive);
      controller.abort();
    }
  });
}

/** Whether the client asked for a stream (`Accept: text/event-stream`). */
export function wantsStream(c: Context): boolean {
  return /\btext\/event-stream\b/i.test(c.req.header('accept') ?? '');
}
