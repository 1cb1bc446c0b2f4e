import type { Dispatcher } from 'undici';

/** Statuses whose responses have no body, by the fetch standard. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** Where an undici answer came from, for the `Response` fields fetch fills in. */
export interface ResponseOrigin {
  url: URL;
  method: string;
  redirected: boolean;
}

/**
 * Largest JSON body read before the response is handed on; a larger one, or one of unknown
 * length, streams, so the connection's `maxMessageBytes` can stop it (see `message-size-limit.ts`).
 */
const MAX_PREREAD_BYTES = 1024 * 1024;

/** `application/json` and `application/*+json`. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Wraps an undici answer in a standard `Response`. JSON bodies of a known length up to 1 MiB,
 * which every consumer reads whole, are read first (cheaper than a web stream); every other
 * body streams as it arrives (SSE stays live), and cancelling it (or the request's signal) releases the socket.
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
  else if (
    typeof type === 'string' &&
    JSON_MEDIA_TYPE.test(type) &&
    declaredLength(data) <= MAX_PREREAD_BYTES
  )
    body = await data.body.arrayBuffer();
  else body = webStream(data.body);
  const response = new Response(body, { status: data.statusCode, statusText: data.statusText, headers });
  // A constructed Response has no URL; fetch reports the final one (the SDK reads it for redirect errors).
  Object.defineProperties(response, {
    url: { value: origin.url.href },
    redirected: { value: origin.redirected },
  });
  return response;
}

/** The body's declared `Content-Length`; `NaN` when it declares none. */
function declaredLength(data: Dispatcher.ResponseData): number {
  const length = data.headers['content-length'];
  return typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : Number.NaN;
}

/**
 * The body as a web stream, read as it is pulled. Cancelling it destroys the body, which releases
 * the socket, even before the first read: there, Node's `Readable.toWeb` went on to enqueue what
 * the body had buffered into the cancelled stream (an uncaught exception), and undici's own
 * `body.body` left the socket open.
 */
function webStream(body: Dispatcher.ResponseData['body']): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value as Buffer));
    },
    cancel() {
      // Destroying reports the abort as an error, which nobody waits for.
      body.on('error', () => undefined);
      body.destroy();
    },
  });
}
