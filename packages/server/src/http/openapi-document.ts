import { namedSchemasIn, openApiPaths } from './api-route.ts';
import { API_ROUTES, OAUTH_CALLBACK_ROUTES, SIGN_IN_ROUTES } from './api-routes.ts';
import { mcpPaths } from './mcp-endpoint-paths.ts';
import { json } from './openapi-parts.ts';

/** The paths about the gateway itself: liveness, readiness and this document. */
const gatewayPaths = {
  '/health': {
    get: { summary: 'Liveness', security: [], responses: { '200': json({ type: 'object' }) } },
  },
  '/ready': {
    get: {
      summary: 'Readiness',
      description:
        'Whether this replica should get new requests: 503 while it drains after SIGTERM, while a migration runs, when ' +
        'the schema is behind its migrations or when the database does not answer within 2 s. Answers any Host, as /health does.',
      security: [],
      responses: {
        '200': json({ type: 'object', properties: { status: { const: 'ready' } } }),
        '503': json({
          type: 'object',
          properties: {
            status: { const: 'not_ready' },
            reason: { enum: ['draining', 'migrating', 'schema_outdated', 'database_unreachable'] },
            message: { type: 'string' },
          },
        }),
      },
    },
  },
  '/openapi.json': {
    get: { summary: 'This document', security: [], responses: { '200': json({ type: 'object' }) } },
  },
};

/**
 * The OpenAPI 3.1 document of the gateway, built from the same JSON Schemas that validate the
 * request bodies. Served at `/openapi.json`; every path is also served under `/api`.
 *
 * Each route (see {@link API_ROUTES}) describes its own operation; a schema it names is published
 * once, under `components.schemas`.
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths = {
    ...gatewayPaths,
    ...mcpPaths,
    ...openApiPaths([...OAUTH_CALLBACK_ROUTES, ...SIGN_IN_ROUTES, ...API_ROUTES]),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard gateway',
      version: '0.1.0',
      description:
        'Conversations with a language model that uses tools from MCP servers: persisted, streamed (AG-UI events), ' +
        'with client-side tools, approvals, limits and an MCP server registry. Every path is also served under /api.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key as a bearer token; or, when the gateway names an authorization server (`mcpAuthorization`), ' +
            "a JWT access token (RFC 9068) of that issuer for this API: its `aud` the gateway's public base URL " +
            '(RFC 8707 resource; a token minted for `/mcp` is refused unless `mcpAuthorization.apiAudience` lists its audience), ' +
            "its subject listed in a user's `oauth_subjects`/`oauthSubjects`. Refusals: 401 (no, unknown, bad, expired, " +
            'other-audience or other-issuer credential; `WWW-Authenticate: Bearer` says why), 403 `forbidden` (a valid token ' +
            'whose subject no user lists) or `insufficient_scope`, 503 `authorization_server_unavailable`.',
        },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key.' },
      },
      schemas: namedSchemasIn(paths),
    },
    paths,
  };
}
