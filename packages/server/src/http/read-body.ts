import type { JsonSchema } from '@switchboard/core';
import type { Context } from 'hono';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../limits/json-nesting.ts';
import { readCappedText } from '../limits/read-capped-text.ts';
import type { GatewayServices } from '../services/gateway-services.ts';
import { ApiError } from './api-error.ts';

/**
 * Reads a JSON body of at most `limits.maxBodyBytes` and validates it against its schema: a body
 * that is too large is a 413, malformed JSON, JSON nested deeper than {@link MAX_JSON_DEPTH} levels and
 * invalid bodies are 400s that say what is wrong, and where.
 */
export async function readBody<T>(
  c: Context,
  schema: JsonSchema,
  services: Pick<GatewayServices, 'validator' | 'limits'>,
): Promise<T> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'send the body as JSON with Content-Type: application/json',
    );
  }
  const text = await readText(c, services.limits.maxBodyBytes);
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError(
      400,
      'invalid_json',
      `the body is nested more than ${MAX_JSON_DEPTH} levels deep; send flatter JSON`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'invalid_json', `the body is not valid JSON: ${(error as Error).message}`);
  }
  const outcome = services.validator.validate(schema, body);
  if (!outcome.valid) {
    const first = outcome.issues[0];
    throw new ApiError(400, 'invalid_request', `invalid body: ${first.path} ${first.message}`, {
      details: { issues: outcome.issues },
    });
  }
  return body as T;
}

/**
 * The body as text, refusing one larger than `maxBytes`. A body that declares its length is
 * refused before anything is read when that is too much, else read whole in one call (on Node,
 * straight from the socket, without building a web stream) and measured; a body without one is
 * counted as it streams, and reading stops at the limit.
 */
async function readText(c: Context, maxBytes: number): Promise<string> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
    if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
    const text = await c.req.text();
    if (Buffer.byteLength(text) > maxBytes) throw tooLarge(maxBytes);
    return text;
  }
  return readCappedText(c.req.raw.body, maxBytes, () => tooLarge(maxBytes));
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(413, 'payload_too_large', `the body is larger than ${maxBytes} bytes`);
}
