import { body, errorResponse, json, ref, serverIdParam, standardErrors } from '../openapi-parts.ts';
import { AuthorizeRequestSchema } from '../schemas.ts';

/** The component schema of a request to connect to a server that authorizes with OAuth. */
export const authorizationSchemas = { AuthorizeRequest: AuthorizeRequestSchema };

/** Connect the caller to a server that authorizes with OAuth, disconnect them, and the OAuth callback. */
export const authorizationPaths = {
  '/servers/{id}/authorize': {
    parameters: [serverIdParam],
    post: {
      summary: 'Connect the caller to a server that authorizes with OAuth: the page to send them to',
      description:
        'Starts the MCP authorization flow (PKCE, `resource`) for the caller and this server, bound to both by the ' +
        '`state` parameter (one use, 10 minutes) and to one browser by an HttpOnly cookie: by default the browser asking ' +
        '(the cookie is set on this answer); with `bind: link`, `authorization_url` is a one-use gateway link (GET ' +
        '/oauth/start/{key}) that binds the browser opening it. Open `authorization_url` in that browser; the ' +
        'authorization server sends the person back to GET /oauth/callback, which stores their tokens encrypted, and ' +
        'only for the bound browser.',
      requestBody: { required: false, content: body(ref('AuthorizeRequest')).content },
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
    },
  },
  '/servers/{id}/authorization': {
    parameters: [serverIdParam],
    delete: {
      summary: "Disconnect: revoke the caller's grant (RFC 7009, where supported) and forget their tokens",
      responses: {
        '200': json({
          type: 'object',
          properties: { success: { const: true }, revoked: { type: 'boolean' } },
        }),
        ...standardErrors,
        '409': errorResponse('The server does not use OAuth.'),
      },
    },
  },
  '/oauth/start/{key}': {
    get: {
      summary:
        'The one-use link of a flow started with `bind: link`: binds the browser opening it (no API key)',
      security: [],
      parameters: [{ name: 'key', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '303': { description: 'On to the authorization page, with the binding cookie set' },
        '400': {
          description: 'A page saying the link is unknown, expired or already opened',
          content: { 'text/html': {} },
        },
      },
    },
  },
  '/oauth/callback': {
    get: {
      summary:
        'Where the authorization server sends the person back (no API key: bound by `state` and the browser cookie)',
      security: [],
      parameters: ['code', 'state', 'iss', 'error', 'error_description'].map((name) => ({
        name,
        in: 'query',
        required: name === 'state',
        schema: { type: 'string' },
      })),
      responses: {
        '200': { description: 'A page saying the server is connected', content: { 'text/html': {} } },
        '303': { description: 'Back to the `return_to` path the authorize call gave' },
        '400': {
          description: 'A page saying why not (unknown or used state, another browser, refused)',
          content: { 'text/html': {} },
        },
      },
    },
  },
};
