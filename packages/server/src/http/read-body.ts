import type { JsonSchema, SchemaValidator } from '@switchboard/core';
import type { Context } from 'hono';
import { ApiError } from './api-error.ts';

/**
 * Reads a JSON body and validates it against its schema: malformed JSON and invalid bodies are 400s
 * that say what is wrong, and where.
 */
export async function readBody<T>(c: Context, schema: JsonSchema, validator: SchemaValidator): Promise<T> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'send the body as JSON with Content-Type: application/json',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch (error) {
    throw new ApiError(400, 'invalid_json', `the body is not valid JSON: ${(error as Error).message}`);
  }
  const outcome = validator.validate(schema, body);
  if (!outcome.valid) {
    const first = outcome.issues[0];
    throw new ApiError(400, 'invalid_request', `invalid body: ${first.path} ${first.message}`, {
      details: { issues: outcome.issues },
    });
  }
  return body as T;
}
