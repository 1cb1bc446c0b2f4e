import { json } from '../openapi-parts.ts';

/** Where the web app sends a person to sign in at the gateway's identity provider. */
export const signInPaths = {
  '/auth/sign-in-config': {
    get: {
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
    },
  },
};
