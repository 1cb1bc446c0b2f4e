import { webSignInConfig } from '../../auth/web-sign-in.ts';
import { type AnyApiRoute, apiRoute } from '../api-route.ts';
import { json } from '../openapi-parts.ts';

/**
 * `GET /auth/sign-in-config`: where the web app sends a person to sign in (the issuer, the web
 * app's public client id, the scopes, and the API's resource: `publicUrl`, else the origin the
 * request reached, as the token verifier has it). Unauthenticated: the app asks before it has a
 * credential. 204 (nothing) when the gateway has no `mcpAuthorization.webSignIn`: an answer, not an
 * error, so the app's every page load does not log a failed request.
 */
export const signInConfigRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/auth/sign-in-config',
    summary:
      "Where to sign in: the identity provider, the web app's public client id, scopes and resource (no credential)",
    description:
      'With `mcpAuthorization.webSignIn` configured, the web app asks this before it has a credential, then runs the ' +
      'OAuth 2.1 authorization code flow with PKCE as a public client at `issuer`, asking for `scopes` and ' +
      "`resource` (RFC 8707: the gateway's base URL, the `aud` REST API tokens need), and calls the API with the " +
      'access token as `Authorization: Bearer`. Never carries a secret.',
    security: [],
    responses: {
      '200': json({
        type: 'object',
        required: ['issuer', 'client_id', 'scopes', 'resource'],
        properties: {
          issuer: { type: 'string', format: 'uri' },
          client_id: { type: 'string' },
          scopes: { type: 'array', items: { type: 'string' } },
          resource: { type: 'string', format: 'uri' },
        },
        examples: [
          {
            issuer: 'https://auth.example.com',
            client_id: 'switchboard-web',
            scopes: ['openid'],
            resource: 'https://gateway.example.com',
          },
        ],
      }),
      '204': { description: 'The gateway has no web sign-in (`mcpAuthorization.webSignIn`).' },
    },
    handle(c, { services }) {
      const { accessTokens, webSignIn } = services;
      c.header('cache-control', 'no-store');
      if (!accessTokens || !webSignIn) return c.body(null, 204);
      const resource = accessTokens.apiResource ?? new URL(c.req.url).origin;
      return c.json(webSignInConfig(accessTokens.issuer, accessTokens.scopes, webSignIn, resource));
    },
  }),
];
