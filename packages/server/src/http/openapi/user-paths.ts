import type { JsonSchema } from '@switchboard/core';
import { UserCreateSchema, UserUpdateSchema } from '../schemas.ts';
import { body, errorResponse, json, list, standardErrors } from './openapi-parts.ts';

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
  required: ['id', 'name', 'role', 'oauth_subjects'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    role: { enum: ['user', 'admin'] },
    oauth_subjects: { type: 'array', items: { type: 'string' } },
    configured_oauth_subjects: {
      type: 'array',
      items: { type: 'string' },
      description:
        "Subjects the gateway configuration lists (users[].oauthSubjects); PATCH doesn't change them.",
    },
  },
} satisfies JsonSchema;

/** The caller, and the users administrators create and update. */
export const userPaths = {
  '/me': {
    get: { summary: 'The caller', responses: { '200': json({ type: 'object' }), ...standardErrors } },
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
      summary: 'Replace the OAuth subjects a user signs in to /mcp as (administrators)',
      description:
        'Takes effect at once on this gateway, within 10 seconds on other replicas. A user listing subjects is no longer reached by a token whose claim is their id.',
      requestBody: body(UserUpdateSchema),
      responses: {
        '200': json(UserView),
        ...standardErrors,
        '409': errorResponse(
          "An OAuth subject is already another user's (in the database or the configuration).",
        ),
      },
    },
  },
};
