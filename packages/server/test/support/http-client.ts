/** A JSON answer: status, headers and parsed body. */
// biome-ignore lint/suspicious/noExplicitAny: tests inspect reply bodies freely
export interface JsonReply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** One Server-Sent Event. */
export interface SseMessage {
  id?: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests inspect events freely
  data: any;
}

/** A small client for one user of a gateway. */
export interface ApiClient {
  readonly key?: string;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<JsonReply>;
  get(path: string): Promise<JsonReply>;
  post(path: string, body?: unknown): Promise<JsonReply>;
  patch(path: string, body: unknown): Promise<JsonReply>;
  delete(path: string): Promise<JsonReply>;
  /** A raw request (for streams and malformed bodies). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** A client calling `baseUrl` with an API key (none: an open gateway). */
export function apiClient(baseUrl: string, key?: string): ApiClient {
  const auth: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  const fetchRaw = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { ...auth, ...(init.headers as Record<string, string>) },
    });
  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetchRaw(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
  return {
    key,
    request,
    get: (path) => request('GET', path),
    post: (path, body = {}) => request('POST', path, body),
    patch: (path, body) => request('PATCH', path, body),
    delete: (path) => request('DELETE', path),
    fetch: fetchRaw,
  };
}

/**
 * Reads Server-Sent Events from a response until the stream ends or `stop` returns true for an event
 * (the connection is then dropped, like a client going away).
 */
export async function readSse(
  response: Response,
  stop?: (message: SseMessage) => boolean,
): Promise<SseMessage[]> {
  if (!response.body) throw new Error(`no stream (status ${response.status})`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const messages: SseMessage[] = [];
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message = parseBlock(block);
        if (!message) continue;
        messages.push(message);
        if (stop?.(message)) return messages;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return messages;
}

function parseBlock(block: string): SseMessage | undefined {
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('id:')) id = line.slice(3).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return undefined;
  return { id, data: JSON.parse(data.join('\n')) };
}

/** The AG-UI types of a list of events, for compact assertions. */
export function eventTypes(messages: SseMessage[]): string[] {
  return messages.map((message) =>
    message.data.type === 'CUSTOM' ? `CUSTOM:${message.data.name}` : message.data.type,
  );
}

/** The cookies a reply sets, as the `Cookie` header the same browser sends next. */
export function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
