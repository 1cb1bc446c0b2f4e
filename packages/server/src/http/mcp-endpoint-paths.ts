import { errorResponse, json } from './openapi-parts.ts';

const mcpMessage = {
  description:
    'A JSON-RPC message of the Model Context Protocol (Streamable HTTP, protocol 2025-03-26 to 2026-07-28).',
  content: { 'application/json': { schema: { type: 'object' } } },
};

const mcpResponses = {
  '200': {
    description: 'A JSON-RPC answer (JSON), or Server-Sent Events of JSON-RPC messages',
    content: { 'application/json': {}, 'text/event-stream': {} },
  },
  '202': { description: 'A notification or response was accepted' },
  '400': errorResponse('Not MCP: malformed JSON-RPC, an unknown `?mode=`, a session id missing.'),
  '401': { description: '`WWW-Authenticate: Bearer resource_metadata=…` (RFC 9728): authenticate first' },
  '403': errorResponse('A token whose subject no user lists, or that lacks the scopes.'),
  '404': { description: 'An unknown (or another user’s) 2025 session' },
};

/**
 * The OpenAPI paths of the gateway as an MCP server (`mcp-endpoint/`): the endpoint and its
 * protected-resource metadata. They speak MCP, not this API, so they are described here rather than
 * as API routes.
 */
export const mcpPaths = {
  '/mcp': {
    parameters: [
      {
        name: 'mode',
        in: 'query',
        required: false,
        schema: { enum: ['discovery', 'aggregate'] },
        description: 'How tools are presented (default: the configuration’s, else by the number of servers).',
      },
    ],
    post: {
      summary: 'MCP over Streamable HTTP: every server the caller may use, under the gateway’s policy',
      requestBody: { required: true, ...mcpMessage },
      responses: mcpResponses,
    },
    get: {
      summary: 'MCP: a 2025 session’s stream of server messages',
      responses: mcpResponses,
    },
    delete: {
      summary: 'MCP: end a 2025 session',
      responses: mcpResponses,
    },
  },
  '/.well-known/oauth-protected-resource/mcp': {
    get: {
      summary: "`/mcp`'s protected-resource metadata (RFC 9728): where its access tokens come from",
      security: [],
      responses: { '200': json({ type: 'object' }) },
    },
  },
};
