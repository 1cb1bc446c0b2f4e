import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { type ServerRow, usesOAuth } from '../../store/server-store.ts';
import { AuthorizationFlowError } from '../../upstream/server-authorizations.ts';
import { ApiError } from '../api-error.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { browserBinding } from '../browser-binding.ts';
import { errorResponse, json, serverIdParam, standardErrors } from '../openapi-parts.ts';
import { text } from '../schemas.ts';

/** The body of `POST /servers/{id}/authorize` (which may have none). */
const AuthorizeRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    return_to: {
      ...text(2000, 1),
      description:
        'A path on the gateway (e.g. the conversation) to send the person back to after connecting.',
    },
    bind: {
      enum: ['browser', 'link'],
      description:
        'Which browser may finish the flow: `browser` (default), the one asking, by a cookie set on this answer; `link`, for a client that is not a browser (the CLI): `authorization_url` is then a one-use gateway link that binds the browser opening it first.',
    },
  },
} as const;
const AuthorizeRequest = named('AuthorizeRequest', AuthorizeRequestSchema);

/**
 * Connecting a server that authorizes each user with OAuth: `POST /servers/{id}/authorize` starts
 * the flow for the caller and answers the page to send them to (`authorization_url`): the
 * authorization server's, for the browser that asked (bound to it by a cookie), or with `"bind":
 * "link"` (a client that is not a browser) a one-use start link that binds the browser opening it;
 * the callback route finishes the flow in that browser only.
 * `DELETE /servers/{id}/authorization` revokes and forgets the caller's tokens.
 */
export const authorizationRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'post',
    path: '/servers/{id}/authorize',
    summary: 'Connect the caller to a server that authorizes with OAuth: the page to send them to',
    description:
      'Starts the MCP authorization flow (PKCE, `resource`) for the caller and this server, bound to both by the ' +
      '`state` parameter (one use, 10 minutes) and to one browser by an HttpOnly cookie: by default the browser asking ' +
      '(the cookie is set on this answer); with `bind: link`, `authorization_url` is a one-use gateway link (GET ' +
      '/oauth/start/{key}) that binds the browser opening it. Open `authorization_url` in that browser; the ' +
      'authorization server sends the person back to GET /oauth/callback, which stores their tokens encrypted, and ' +
      'only for the bound browser.',
    parameters: [serverIdParam],
    body: AuthorizeRequest,
    optionalBody: true,
    responses: {
      '200': json({
        type: 'object',
        required: ['authorization_url'],
        properties: { authorization_url: { type: 'string', format: 'uri' } },
        examples: [{ authorization_url: 'https://auth.example.com/authorize?client_id=…&state=…' }],
      }),
      ...standardErrors,
      '409': errorResponse('The server does not use OAuth.'),
      '502': errorResponse('Discovery or registration at the authorization server failed.'),
      '503': errorResponse('The gateway has no secret key to keep credentials with.'),
    },
    async handle(c, { services, body }) {
      const row = await findOAuthServer(services, c, c.req.param('id') as string);
      // A request without a body starts the flow with the defaults.
      const input = await body();
      if (input.return_to !== undefined && !isLocalPath(input.return_to)) {
        throw new ApiError(
          400,
          'invalid_request',
          '"return_to" must be a path on this gateway, like "/c/123"',
        );
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
    },
  }),
  apiRoute({
    method: 'delete',
    path: '/servers/{id}/authorization',
    summary: "Disconnect: revoke the caller's grant (RFC 7009, where supported) and forget their tokens",
    parameters: [serverIdParam],
    responses: {
      '200': json({
        type: 'object',
        properties: { success: { const: true }, revoked: { type: 'boolean' } },
      }),
      ...standardErrors,
      '409': errorResponse('The server does not use OAuth.'),
    },
    async handle(c, { services }) {
      const row = await findOAuthServer(services, c, c.req.param('id') as string);
      const { revoked } = await flow(row, () => services.authorizations.disconnect(c.get('user'), row));
      return c.json({ success: true, revoked });
    },
  }),
];

/** A path on this origin: `/…`, but not `//host` or `/\host` (which browsers read as another origin). */
export function isLocalPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value);
}

/** The server the caller may use, if it authorizes its users with OAuth (404, 409 otherwise). */
async function findOAuthServer(
  services: GatewayServices,
  c: { get(key: 'user'): GatewayEnv['Variables']['user'] },
  id: string,
): Promise<ServerRow> {
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
}

async function flow<T>(row: ServerRow, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AuthorizationFlowError) throw new ApiError(error.status, error.code, error.message);
    throw new Error(`authorizing "${row.name}" failed`, { cause: error });
  }
}
