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

/** A client of a running gateway, for the CLI. */
export interface GatewayClient {
  readonly url: string;
  json<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  /** Sends a request asking for `text/event-stream` and yields its events. */
  stream(method: string, path: string, body?: unknown): AsyncGenerator<GatewayStreamEvent>;
}

/** A client for the gateway at `url`, authenticated with `key` when given. */
export function gatewayClient(url: string, key?: string): GatewayClient {
  const base = url.replace(/\/+$/, '');
  const send = async (method: string, path: string, body: unknown, accept: string) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept,
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
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
  return {
    url: base,
    async json(method, path, body) {
      return (await (await send(method, path, body, 'application/json')).json()) as never;
    },
    async *stream(method, path, body) {
      const response = await send(method, path, body, 'text/event-stream');
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
