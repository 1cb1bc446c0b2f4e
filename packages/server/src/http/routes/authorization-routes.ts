import { Hono } from 'hono';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { type ServerRow, usesOAuth } from '../../store/server-store.ts';
import { AuthorizationFlowError } from '../../upstream/server-authorizations.ts';
import { ApiError } from '../api-error.ts';
import { browserBinding } from '../browser-binding.ts';
import { readBody } from '../read-body.ts';
import { AuthorizeRequestSchema } from '../schemas.ts';

/**
 * Connecting a server that authorizes each user with OAuth: `POST /servers/{id}/authorize` starts
 * the flow for the caller and answers the page to send them to (`authorization_url`): the
 * authorization server's, for the browser that asked (bound to it by a cookie), or with `"bind":
 * "link"` (a client that is not a browser) a one-use start link that binds the browser opening it;
 * the callback route finishes the flow in that browser only.
 * `DELETE /servers/{id}/authorization` revokes and forgets the caller's tokens.
 */
export function authorizationRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const findOAuthServer = async (c: { get(key: 'user'): GatewayEnv['Variables']['user'] }, id: string) => {
    const row = await services.registry.find(c.get('user'), id);
    if (!row) throw new ApiError(404, 'server_not_found', `server ${JSON.stringify(id)} not found`);
    if (!usesOAuth(row)) {
      throw new ApiError(
        409,
        'authorization_not_needed',
        `"${row.name}" does not authorize its users with OAuth`,
      );
    }
    return row;
  };

  app.post('/:id/authorize', async (c) => {
    const row = await findOAuthServer(c, c.req.param('id'));
    const input = c.req.header('content-type')
      ? await readBody<{ return_to?: string; bind?: 'browser' | 'link' }>(c, AuthorizeRequestSchema, services)
      : {};
    if (input.return_to !== undefined && !isLocalPath(input.return_to)) {
      throw new ApiError(400, 'invalid_request', '"return_to" must be a path on this gateway, like "/c/123"');
    }
    // The browser asking (the web app) is bound now; for a client that is not one (`bind: link`,
    // the CLI) the page is a start link that binds the browser opening it.
    const browser = input.bind === 'link' ? undefined : browserBinding(c);
    const url = await flow(row, () =>
      services.authorizations.start(c.get('user'), row, {
        ...(input.return_to !== undefined ? { returnTo: input.return_to } : {}),
        ...(browser ? { browserBinding: browser } : {}),
      }),
    );
    return c.json({ authorization_url: url.href });
  });

  app.delete('/:id/authorization', async (c) => {
    const row = await findOAuthServer(c, c.req.param('id'));
    const { revoked } = await flow(row, () => services.authorizations.disconnect(c.get('user'), row));
    return c.json({ success: true, revoked });
  });

  return app;
}

/** A path on this origin: `/…`, but not `//host` or `/\host` (which browsers read as another origin). */
export function isLocalPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value);
}

async function flow<T>(row: ServerRow, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AuthorizationFlowError) throw new ApiError(error.status, error.code, error.message);
    throw new Error(`authorizing "${row.name}" failed`, { cause: error });
  }
}
