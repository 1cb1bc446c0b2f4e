import type { FetchLike } from '@modelcontextprotocol/client';
import { Agent, type Dispatcher, request } from 'undici';
import { toUndiciBody, type UndiciBody } from './request-body.ts';
import { toWebResponse } from './to-web-response.ts';

/** Options of {@link createNodeFetch}. */
export interface NodeFetchOptions {
  /**
   * The undici dispatcher to send through (a shared `Agent`, an `EnvHttpProxyAgent` to honor
   * `HTTP(S)_PROXY`, …); the caller keeps ownership. Default: a keep-alive `Agent` of this
   * fetch, destroyed by `close()`.
   */
  dispatcher?: Dispatcher;
  /** Longest wait for the response headers, in ms; `0` waits forever. Default 300 000 (as Node's fetch). */
  headersTimeoutMs?: number;
  /**
   * Longest silence between two chunks of a response body, in ms. Default `0` (no limit):
   * SSE streams are legitimately quiet for long; the request's signal ends them.
   */
  bodyTimeoutMs?: number;
}

/** A fetch for MCP transports on Node, with the means to release its pooled connections. */
export interface NodeFetch extends FetchLike {
  /** Closes the pooled connections of the fetch's own `Agent`, aborting requests still in flight. */
  close(): Promise<void>;
}

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;
const NORMALIZED_METHODS: ReadonlySet<string> = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
/** Headers that describe a body, dropped when a redirect turns the request into a GET. */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

/**
 * A `fetch` for Node built on undici's `request` over a keep-alive connection pool: the same
 * contract as the global `fetch` for what MCP transports use (status, headers, streamed
 * bodies, abort through `signal`, `redirect: 'follow' | 'manual' | 'error'`), at a fraction
 * of its cost per request. JSON bodies of a known length up to 1 MiB are read before the
 * promise resolves (every consumer reads them whole); other bodies (SSE) stream. Network
 * failures reject with `TypeError('fetch failed')` and the undici error as `cause`; an aborted
 * signal rejects with its reason. Sends no `Accept-Encoding`, and does not decode compressed bodies.
 */
export function createNodeFetch(options: NodeFetchOptions = {}): NodeFetch {
  const owned = options.dispatcher ? undefined : new Agent();
  const dispatcher = options.dispatcher ?? (owned as Agent);
  const headersTimeout = options.headersTimeoutMs ?? 300_000;
  const bodyTimeout = options.bodyTimeoutMs ?? 0;

  const send = async ({ url, method, headers, body }: Outgoing, signal: AbortSignal | undefined) => {
    try {
      return await request(url, {
        dispatcher,
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        signal,
        headersTimeout,
        bodyTimeout,
      });
    } catch (error) {
      throw failure(error, signal);
    }
  };

  const nodeFetch = async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    let outgoing = await toOutgoing(input, init);
    const mode = init.redirect ?? 'follow';
    for (let redirects = 0; ; redirects++) {
      const data = await send(outgoing, signal);
      const location = REDIRECT_STATUSES.has(data.statusCode) ? data.headers.location : undefined;
      if (mode === 'manual' || typeof location !== 'string') {
        try {
          const { url, method } = outgoing;
          return await toWebResponse(data, { url, method, redirected: redirects > 0 });
        } catch (error) {
          throw failure(error, signal);
        }
      }
      await data.body.dump();
      if (mode === 'error') throw fetchFailed(`redirected to ${location} while redirect is "error"`);
      if (redirects === MAX_REDIRECTS) throw fetchFailed(`more than ${MAX_REDIRECTS} redirects`);
      outgoing = redirectedRequest(outgoing, data.statusCode, location);
    }
  };

  return Object.assign(nodeFetch, {
    close: async () => {
      await owned?.destroy();
    },
  });
}

/** A request as undici sends it. */
interface Outgoing extends UndiciBody {
  url: URL;
  method: string;
  /** Lower-case names. */
  headers: Record<string, string>;
}

async function toOutgoing(input: string | URL, init: RequestInit): Promise<Outgoing> {
  const upper = init.method?.toUpperCase() ?? 'GET';
  const headers = headerRecord(init.headers);
  const { body, contentType, replayable } = await toUndiciBody(init.body);
  if (contentType !== undefined) headers['content-type'] ??= contentType;
  headers.accept ??= '*/*';
  return {
    url: new URL(input),
    method: NORMALIZED_METHODS.has(upper) ? upper : (init.method as string),
    headers,
    body,
    replayable,
  };
}

/** The request that follows a redirect, as fetch makes it (POST → GET where it should; no credentials to another origin). */
function redirectedRequest(previous: Outgoing, status: number, location: string): Outgoing {
  const url = new URL(location, previous.url);
  const headers = { ...previous.headers };
  if (url.origin !== previous.url.origin) delete headers.authorization;
  const { method } = previous;
  if ((status === 303 && method !== 'GET' && method !== 'HEAD') || (status <= 302 && method === 'POST')) {
    for (const name of BODY_HEADERS) delete headers[name];
    return { url, method: 'GET', headers, body: null, replayable: true };
  }
  if (!previous.replayable) {
    throw fetchFailed(`cannot follow the ${status} redirect to ${location}: the request body was a stream`);
  }
  return { ...previous, url, headers };
}

/** Request headers as the lower-case record undici takes (repeated names joined, as `Headers` does). */
function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (init === undefined) return record;
  const headers = init instanceof Headers ? init : new Headers(init);
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/** What fetch rejects with: the signal's reason once it aborted, else `TypeError('fetch failed')`. */
function failure(error: unknown, signal: AbortSignal | undefined): unknown {
  return signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error });
}

function fetchFailed(reason: string): TypeError {
  return new TypeError('fetch failed', { cause: new Error(reason) });
}
