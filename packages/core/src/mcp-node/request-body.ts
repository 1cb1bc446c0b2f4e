import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** A request body in the form undici sends, and the content type the fetch standard gives it. */
export interface UndiciBody {
  body: string | Uint8Array | Readable | null;
  /** Content type implied by the body (used when the caller set none). */
  contentType?: string;
  /** Whether the body can be sent again (to follow a 307/308 redirect). */
  replayable: boolean;
}

/**
 * Turns a fetch `body` into what undici sends. Strings (what MCP transports send) pass
 * through untouched; a `ReadableStream` is streamed; anything else (URLSearchParams, Blob,
 * FormData, ArrayBuffer and views) is encoded the way the fetch standard does it.
 */
export async function toUndiciBody(body: BodyInit | null | undefined): Promise<UndiciBody> {
  if (body === null || body === undefined) return { body: null, replayable: true };
  if (typeof body === 'string') return { body, contentType: 'text/plain;charset=UTF-8', replayable: true };
  if (body instanceof ReadableStream) {
    return { body: Readable.fromWeb(body as NodeReadableStream), replayable: false };
  }
  const encoded = new Response(body);
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? undefined,
    replayable: true,
  };
}
