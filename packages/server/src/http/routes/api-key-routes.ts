import { Hono } from 'hono';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { findApiKey, issueApiKey, listApiKeys, revokeApiKey } from '../../store/api-key-store.ts';
import { findUserById } from '../../store/user-store.ts';
import { ApiKeyCreateSchema } from '../admin-schemas.ts';
import { ApiError } from '../api-error.ts';
import { requireAdmin } from '../authenticate.ts';
import { readBody } from '../read-body.ts';

/**
 * A user's API keys (administrators): list them (name, created, last used; never a key or its
 * hash), issue a named one (the key shown in this answer only), revoke one (refused from then on,
 * on every replica at once). Keys from the configuration are revoked there, not here.
 */
export function apiKeyRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.get('/users/:id/keys', async (c) => {
    requireAdmin(c.get('user'), "list users' API keys");
    const user = await existingUserId(services, c.req.param('id'));
    return c.json({ items: await listApiKeys(services.db, user) });
  });

  app.post('/users/:id/keys', async (c) => {
    requireAdmin(c.get('user'), 'issue API keys');
    const input = await readBody<{ name: string }>(c, ApiKeyCreateSchema, services);
    const user = await existingUserId(services, c.req.param('id'));
    const { view, key } = await issueApiKey(services.db, user, input.name);
    return c.json({ ...view, api_key: key }, 201);
  });

  app.delete('/users/:id/keys/:keyId', async (c) => {
    requireAdmin(c.get('user'), 'revoke API keys');
    const user = await existingUserId(services, c.req.param('id'));
    const key = await findApiKey(services.db, user, c.req.param('keyId'));
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
  });

  return app;
}

async function existingUserId(services: GatewayServices, id: string): Promise<string> {
  const user = await findUserById(services.db, id);
  if (!user) throw new ApiError(404, 'user_not_found', `user ${JSON.stringify(id)} not found`);
  return user.id;
}
