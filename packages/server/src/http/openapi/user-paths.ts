import type { JsonSchema } from '@switchboard/core';
import { ApiKeyCreateSchema } from '../admin-schemas.ts';
import { body, errorResponse, json, list, standardErrors } from '../openapi-parts.ts';
import { UserCreateSchema, UserUpdateSchema } from '../schemas.ts';

/** The `{id}` of `/users/{id}`. */
const userParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'User id.',
};
/** A user, as administrators see them. */
const UserView = {
  type: 'object',
  required: ['id', 'name', 'role', 'disabled', 'created_at', 'oauth_subjects'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    role: { enum: ['user', 'admin'] },
    disabled: { type: 'boolean', description: 'None of their keys or access tokens is accepted.' },
    created_at: { type: 'string', format: 'date-time' },
    oauth_subjects: { type: 'array', items: { type: 'string' } },
    configured_oauth_subjects: {
      type: 'array',
      items: { type: 'string' },
      description:
        "Subjects the gateway configuration lists (users[].oauthSubjects); PATCH doesn't change them.",
    },
  },
} satisfies JsonSchema;

/** One of a user's API keys, as administrators see it. */
const ApiKeyView = {
  type: 'object',
  required: ['id', 'name', 'configured', 'created_at', 'last_used_at'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    configured: {
      type: 'boolean',
      description: 'From the gateway configuration (users[].apiKey): revoked there, not through the API.',
    },
    created_at: { type: 'string', format: 'date-time' },
    last_used_at: { type: ['string', 'null'], format: 'date-time' },
  },
} satisfies JsonSchema;

/** The caller, and the users administrators create and update, and their API keys. */
export const userPaths = {
  '/me': {
    get: {
      summary: 'The caller',
      responses: {
        '200': json({
          type: 'object',
          required: ['id', 'name', 'role'],
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            role: { enum: ['user', 'admin'] },
            open_access: {
              const: true,
              description:
                'The gateway has no users (open access on loopback): the caller is its local administrator, and users and keys created now sign in once it runs with users.',
            },
          },
        }),
        ...standardErrors,
      },
    },
  },
  '/users': {
    get: {
      summary: 'Users (administrators)',
      responses: { '200': json(list(UserView)), ...standardErrors },
    },
    post: {
      summary: 'Create a user and API key (administrators)',
      description:
        "With `oauth_subjects` (needs the gateway's `mcpAuthorization`), the user also signs in to /mcp with access tokens whose user claim is one of them. The key is in `api_key`, shown only here.",
      requestBody: body(UserCreateSchema),
      responses: {
        '201': json({
          ...UserView,
          properties: { ...UserView.properties, api_key: { type: 'string' } },
        }),
        ...standardErrors,
        '409': errorResponse(
          "An OAuth subject is already another user's (in the database or the configuration).",
        ),
      },
    },
  },
  '/users/{id}': {
    parameters: [userParam],
    get: {
      summary: 'A user and their OAuth subjects (administrators)',
      responses: { '200': json(UserView), ...standardErrors },
    },
    patch: {
      summary:
        "Change a user's role, disable or enable them, or replace their OAuth subjects (administrators)",
      description:
        'Takes effect at once on every replica (within 10 seconds should a replica miss the notice). A disabled user keeps their data; none of their API keys or access tokens is accepted until they are enabled. ' +
        "A configured user's role follows the configuration again at the gateway's next start. A user listing subjects is no longer reached by a token whose claim is their id.",
      requestBody: body(UserUpdateSchema),
      responses: {
        '200': json(UserView),
        ...standardErrors,
        '409': errorResponse(
          "An OAuth subject is already another user's (in the database or the configuration); or `last_admin`: the change would leave no administrator who can sign in.",
        ),
      },
    },
  },
  '/users/{id}/keys': {
    parameters: [userParam],
    get: {
      summary: "A user's API keys (administrators)",
      description: 'Name, when created and last used (within about 10 s); never the key or its hash.',
      responses: { '200': json(list(ApiKeyView)), ...standardErrors },
    },
    post: {
      summary: 'Issue a user a named API key (administrators)',
      description: 'The key is in `api_key`, shown only here.',
      requestBody: body(ApiKeyCreateSchema),
      responses: {
        '201': json({ ...ApiKeyView, properties: { ...ApiKeyView.properties, api_key: { type: 'string' } } }),
        ...standardErrors,
      },
    },
  },
  '/users/{id}/keys/{keyId}': {
    parameters: [
      userParam,
      { name: 'keyId', in: 'path', required: true, schema: { type: 'string' }, description: 'API key id.' },
    ],
    delete: {
      summary: "Revoke one of a user's API keys (administrators)",
      description: 'Requests with it are refused (401) from then on, on every replica.',
      responses: {
        '200': json({ type: 'object', properties: { revoked: { type: 'string' } } }),
        ...standardErrors,
        '409': errorResponse(
          '`configured_key`: the key comes from the gateway configuration; remove it there.',
        ),
      },
    },
  },
};
