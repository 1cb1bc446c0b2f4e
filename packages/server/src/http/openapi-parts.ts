import { named } from './api-route.ts';

/** The pieces the routes' OpenAPI operations are built from: responses, errors, path and header parameters. */

/** A list response: `{items: [item]}`. */
export const list = (item: object) => ({
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: item } },
});

/** The `error` of every failed response. */
export const ErrorBody = named('ErrorBody', {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  additionalProperties: true,
});

/** A failed response: `{success: false, error}`. */
export const errorResponse = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['success', 'error'],
        properties: { success: { const: false }, error: ErrorBody },
      },
    },
  },
});

/** A JSON response. */
export const json = (schema: object, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});
/** The `{id}` of `/conversations/{id}/…`. */
export const conversationIdParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'Conversation id.',
};
/** The `{requestId}` of an elicitation or sampling request. */
export const requestIdParam = {
  name: 'requestId',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'The `requestId` of the `elicitation_request` or `sampling_request` event.',
};
/** The `{id}` of `/servers/{id}/…`. */
export const serverIdParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'Server id.',
};
/** The `{id}` of `/users/{id}/…`. */
export const userIdParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'User id.',
};
/** The errors any route may answer with. */
export const standardErrors = {
  '400': errorResponse('Malformed JSON or an invalid body/parameter.'),
  '401': errorResponse(
    'No, unknown or invalid API key or access token (`WWW-Authenticate: Bearer` says why).',
  ),
  '404': errorResponse("Not found (another user's conversation is not found either)."),
  '413': errorResponse('The body is too large.'),
};

/** The `Idempotency-Key` header of a send (IETF httpapi draft), and what it adds to the answers. */
export const idempotencyKeyParam = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 257 },
  description:
    'One key per action of the person (a UUID, as a structured-field string: `"…"`), sent again unchanged ' +
    'with every retry of that action. The first request runs; a retry with the same key and body gets its ' +
    'outcome back (header `Idempotent-Replayed: true`), even from another replica and after a crash, for ' +
    '`limits.idempotencyKeyTtlMs` (24 h). Keys are per user. A request refused before it changed anything ' +
    '(409 conversation_busy, 429, 404) frees its key.',
};

/** The answers a send with an `Idempotency-Key` may add to its route's. */
export const idempotencyErrors = {
  '409': errorResponse(
    '`conversation_busy` (a turn holds the conversation; `Retry-After`), `idempotency_key_in_flight` (the first ' +
      'request with this key still runs; retry with the same key after `Retry-After`), or another conflict.',
  ),
  '422': errorResponse('`idempotency_key_reused`: this key was sent with a different request.'),
};
