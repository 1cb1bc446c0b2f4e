import type { GatewayServices } from '../../services/gateway-services.ts';
import { findApiKey, issueApiKey, listApiKeys, revokeApiKey } from '../../store/api-key-store.ts';
import { findUserById } from '../../store/user-store.ts';
import { ApiError } from '../api-error.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { requireAdmin } from '../authenticate.ts';
import { errorResponse, json, list, standardErrors, userIdParam } from '../openapi-parts.ts';
import { text } from '../schemas.ts';

/** The body of `POST /users/{id}/keys`. */
const ApiKeyCreate = named('ApiKeyCreate', {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { ...text(100, 1), description: 'What the key is for, e.g. "laptop" or "CI".' } },
});

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
};

/**
 * A user's API keys (administrators): list them (name, created, last used; never a key or its
 * hash), issue a named one (the key shown in this answer only), revoke one (refused from then on,
 * on every replica at once). Keys from the configuration are revoked there, not here.
 */
export const apiKeyRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/users/{id}/keys',
    summary: "A user's API keys (administrators)",
    description: 'Name, when created and last used (within about 10 s); never the key or its hash.',
    parameters: [userIdParam],
    responses: { '200': json(list(ApiKeyView)), ...standardErrors },
    async handle(c, { services }) {
      requireAdmin(c.get('user'), "list users' API keys");
      const user = await existingUserId(services, c.req.param('id') as string);
      return c.json({ items: await listApiKeys(services.db, user) });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/users/{id}/keys',
    summary: 'Issue a user a named API key (administrators)',
    description: 'The key is in `api_key`, shown only here.',
    parameters: [userIdParam],
    body: ApiKeyCreate,
    responses: {
      '201': json({ ...ApiKeyView, properties: { ...ApiKeyView.properties, api_key: { type: 'string' } } }),
      ...standardErrors,
    },
    async handle(c, { services, body }) {
      requireAdmin(c.get('user'), 'issue API keys');
      const input = await body();
      const user = await existingUserId(services, c.req.param('id') as string);
      const { view, key } = await issueApiKey(services.db, user, input.name);
      return c.json({ ...view, api_key: key }, 201);
    },
  }),
  apiRoute({
    method: 'delete',
    path: '/users/{id}/keys/{keyId}',
    summary: "Revoke one of a user's API keys (administrators)",
    description: 'Requests with it are refused (401) from then on, on every replica.',
    parameters: [
      userIdParam,
      { name: 'keyId', in: 'path', required: true, schema: { type: 'string' }, description: 'API key id.' },
    ],
    responses: {
      '200': json({ type: 'object', properties: { revoked: { type: 'string' } } }),
      ...standardErrors,
      '409': errorResponse(
        '`configured_key`: the key comes from the gateway configuration; remove it there.',
      ),
    },
    async handle(c, { services }) {
      requireAdmin(c.get('user'), 'revoke API keys');
      const user = await existingUserId(services, c.req.param('id') as string);
      const key = await findApiKey(services.db, user, c.req.param('keyId') as string);
      if (!key)
        throw new ApiError(
          404,
          'key_not_found',
          `this user has no API key ${JSON.stringify(c.req.param('keyId'))}`,
        );
      if (key.configured)
        throw new ApiError(
          409,
          'configured_key',
          "this key comes from the gateway configuration (users[].apiKey): remove it there, or it comes back at the gateway's next start",
        );
      await revokeApiKey(services.db, user, key.id);
      await services.users.changed();
      return c.json({ revoked: key.id });
    },
  }),
];

async function existingUserId(services: GatewayServices, id: string): Promise<string> {
  const user = await findUserById(services.db, id);
  if (!user) throw new ApiError(404, 'user_not_found', `user ${JSON.stringify(id)} not found`);
  return user.id;
}
