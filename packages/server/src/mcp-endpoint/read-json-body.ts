import {
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  isJsonContentType,
  readRequestBody,
} from '@modelcontextprotocol/server';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../limits/json-nesting.ts';

/** A `/mcp` request whose JSON body was read once, for the SDK's routing and transports to share. */
export interface ReadRequest {
  /** The request to hand on: the original, or (when the body was no JSON) one with the same text. */
  request: Request;
  /** The parsed JSON body, when it was a JSON POST that parsed. */
  parsedBody?: unknown;
}

/**
 * Reads a JSON POST's body once (up to the SDK's limit) and parses it, so that neither the era check
 * (`isLegacyRequest`) nor the transport clones and reads it again. A body over the limit is answered
 * 413 here, one nested deeper than {@link MAX_JSON_DEPTH} 400 (before it is parsed); a body that is
 * not JSON is handed on as text, for the SDK to answer as it would have.
 */
export async function readJsonBody(request: Request): Promise<ReadRequest | Response> {
  if (request.method !== 'POST' || !isJsonContentType(request.headers.get('content-type')))
    return { request };
  const read = await readLimited(request, DEFAULT_MAX_REQUEST_BODY_SIZE);
  if (read.tooLarge) {
    return Response.json(
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32000,
          message: `Payload Too Large: the request body exceeds ${DEFAULT_MAX_REQUEST_BODY_SIZE} bytes`,
        },
      },
      { status: 413 },
    );
  }
  if (nestsDeeperThan(read.text, MAX_JSON_DEPTH)) {
    return Response.json(
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: `Parse error: JSON nested more than ${MAX_JSON_DEPTH} levels deep` },
      },
      { status: 400 },
    );
  }
  try {
    if (read.text.length > 0) return { request, parsedBody: JSON.parse(read.text) };
  } catch {
    // Not JSON: the SDK answers it, from the same text.
  }
  return {
    request: new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: read.text,
      signal: request.signal,
    }),
  };
}

/**
 * The body as text, up to `maxBytes`. A body that declares its length (within the limit) is read
 * whole in one call (on Node, Hono's request reads it straight from the socket, without building
 * a web stream); one without is counted as it streams, by the SDK's reader.
 */
async function readLimited(request: Request, maxBytes: number): ReturnType<typeof readRequestBody> {
  const declared = request.headers.get('content-length');
  if (declared === null || request.headers.has('transfer-encoding'))
    return readRequestBody(request, maxBytes);
  if (Number(declared) > maxBytes) return { tooLarge: true };
  return { tooLarge: false, text: await request.text() };
}
