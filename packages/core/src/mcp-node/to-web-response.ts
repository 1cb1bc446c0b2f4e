import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** Statuses whose responses have no body, by the fetch standard. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** Where an undici answer came from, for the `Response` fields fetch fills in. */
export interface ResponseOrigin {
  url: URL;
  method: string;
  redirected: boolean;
}

/** `application/json` and `application/*+json`. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Wraps an undici answer in a standard `Response`. JSON bodies, which every consumer reads
 * whole, are read first (cheaper than a web stream); every other body streams as it arrives
 * (SSE stays live), and cancelling it (or the request's signal) releases the socket.
 */
export async function toWebResponse(
  data: Dispatcher.ResponseData,
  origin: ResponseOrigin,
): Promise<Response> {
  const headers = new Headers();
  for (const name in data.headers) {
    const value = data.headers[name];
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.append(name, value);
  }
  let body: ReadableStream | ArrayBuffer | null = null;
  const type = data.headers['content-type'];
  if (origin.method === 'HEAD' || NULL_BODY_STATUSES.has(data.statusCode)) data.body.dump();
  else if (typeof type === 'string' && JSON_MEDIA_TYPE.test(type)) body = await data.body.arrayBuffer();
  else body = Readable.toWeb(data.body) as ReadableStream;
  const response = new Response(body, { status: data.statusCode, statusText: data.statusText, headers });
  // A constructed Response has no URL; fetch reports the final one (the SDK reads it for redirect errors).
  Object.defineProperties(response, {
    url: { value: origin.url.href },
    redirected: { value: origin.redirected },
  });
  return response;
}
