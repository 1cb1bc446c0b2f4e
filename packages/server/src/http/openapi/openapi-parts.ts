import type { JsonSchema } from '@switchboard/core';

/** The pieces every part of the OpenAPI document is built from: references, bodies, errors, path parameters. */

/** A reference to a schema of `components.schemas`. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
/** A list response: `{items: [item]}`. */
export const list = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: item } },
});

/** The `error` of every failed response. */
const ErrorBody: JsonSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  additionalProperties: true,
};

/** A failed response: `{success: false, error}`. */
export const errorResponse = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['success', 'error'],
        properties: { success: { const: false }, error: ref('ErrorBody') },
      },
    },
  },
});

/** A JSON response. */
export const json = (schema: JsonSchema, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});
/** A required JSON request body. */
export const body = (schema: JsonSchema) => ({ required: true, content: { 'application/json': { schema } } });
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
/** The errors any route may answer with. */
export const standardErrors = {
  '400': errorResponse('Malformed JSON or an invalid body/parameter.'),
  '401': errorResponse(
    'No, unknown or invalid API key or access token (`WWW-Authenticate: Bearer` says why).',
  ),
  '404': errorResponse("Not found (another user's conversation is not found either)."),
  '413': errorResponse('The body is too large.'),
};

/** The component schemas shared by every area. */
export const sharedSchemas = { ErrorBody };
