/** An error answer of the gateway. */
export class GatewayRequestError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'GatewayRequestError';
    this.status = status;
    this.code = code;
  }
}

/** One event of a gateway stream. */
export interface GatewayStreamEvent {
  id?: string;
  event: { type: string; name?: string; [field: string]: unknown };
}

/**
 * A person's action sent under an `Idempotency-Key`: when no answer comes back (the gateway could
 * not be reached, a proxy answered 502–504, or the first try still runs) it is sent again with the
 * same key, and the gateway answers with the first try's outcome instead of acting twice.
 */
export interface SendOptions {
  idempotencyKey: string;
}

/** A client of a running gateway, for the CLI. */
export interface GatewayClient {
  readonly url: string;
  json<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    options?: SendOptions,
  ): Promise<T>;
  /** Sends a request asking for `text/event-stream` and yields its events. */
  stream(
    method: string,
    path: string,
    body?: unknown,
    options?: SendOptions,
  ): AsyncGenerator<GatewayStreamEvent>;
}

/** How often a keyed request is tried at most (the first time and its retries). */
const SEND_ATTEMPTS = 4;
/** The wait before a retry, times the attempt's number, when the gateway names none (ms). */
const RETRY_MS = 500;
/** Answers that mean no answer yet: a proxy without the gateway behind it. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/** A client for the gateway at `url`, authenticated with `key` when given. */
export function gatewayClient(url: string, key?: string): GatewayClient {
  const base = url.replace(/\/+$/, '');
  const sendOnce = async (
    method: string,
    path: string,
    body: unknown,
    accept: string,
    options?: SendOptions,
  ) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept,
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options ? { 'idempotency-key': `"${options.idempotencyKey}"` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new GatewayRequestError(
        0,
        'unreachable',
        `cannot reach the gateway at ${base}: ${(error as Error).message}`,
      );
    }
    if (!response.ok) {
      const text = await response.text();
      let parsed: { error?: { code?: string; message?: string } } = {};
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON.
      }
      throw new GatewayRequestError(
        response.status,
        parsed.error?.code ?? 'http_error',
        parsed.error?.message ?? `${response.status} ${text.slice(0, 200)}`,
      );
    }
    return response;
  };
  const send = async (method: string, path: string, body: unknown, accept: string, options?: SendOptions) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await sendOnce(method, path, body, accept, options);
      } catch (error) {
        const failure = error as GatewayRequestError;
        const noAnswerYet =
          failure.code === 'unreachable' ||
          failure.code === 'idempotency_key_in_flight' ||
          RETRIED_STATUSES.has(failure.status);
        if (!options || !noAnswerYet || attempt >= SEND_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt));
      }
    }
  };
  return {
    url: base,
    async json(method, path, body, options) {
      return (await (await send(method, path, body, 'application/json', options)).json()) as never;
    },
    async *stream(method, path, body, options) {
      const response = await send(method, path, body, 'text/event-stream', options);
      yield* readEventStream(response);
    },
  };
}

/** Parses a `text/event-stream` response into events (`id:` and JSON `data:` fields). */
export async function* readEventStream(response: Response): AsyncGenerator<GatewayStreamEvent> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffer += decoder.decode(read.value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) id = line.slice(3).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) yield { id, event: JSON.parse(data.join('\n')) };
    }
  }
}
