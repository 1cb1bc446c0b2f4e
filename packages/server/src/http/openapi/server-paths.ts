import type { JsonSchema } from '@switchboard/core';
import {
  body,
  errorResponse,
  json,
  list,
  ref,
  requestIdParam,
  serverIdParam,
  standardErrors,
} from '../openapi-parts.ts';
import { ServerRegistrationSchema, ServerUpdateSchema, ToolCallRequestSchema } from '../schemas.ts';

/** A registered MCP server, as the API shows it (secrets masked). */
const ServerView: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'owner', 'transport', 'enabled', 'status', 'authorization'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    owner: { type: 'string', description: '`deployment`, `you`, or the owner id (administrators).' },
    transport: {
      type: 'object',
      description:
        'http {url, headers (masked), oauth {client_id, client_secret (masked), scopes}}, stdio {command, args, env (masked)} or builtin {name}. ' +
        "Stdio arguments, the working directory and a URL's query values are masked too for those who do not manage the server.",
    },
    enabled: { type: 'boolean' },
    shared: { type: 'boolean', description: "A user's server an administrator shared with every user." },
    status: { enum: ['connected', 'idle', 'error', 'stopped', 'unavailable'] },
    authorization: {
      enum: ['connected', 'required', 'not_needed'],
      description:
        'For servers that authorize each user with OAuth: whether the caller has connected it (`required`: POST /servers/{id}/authorize; ' +
        'also after the server asked for more scope than the caller granted, until they connect it again).',
    },
    error: { type: 'string' },
    tool_count: { type: 'integer' },
    protocol_version: { type: 'string' },
  },
};

/** The component schemas of the MCP server registry. */
export const serverSchemas = {
  ServerRegistration: ServerRegistrationSchema,
  ServerUpdate: ServerUpdateSchema,
  Server: ServerView,
  ToolCallRequest: ToolCallRequestSchema,
};

/** Register, read, start, stop and unregister MCP servers; list and call their tools. */
export const serverPaths = {
  '/servers': {
    get: {
      summary:
        "The MCP servers the caller may use (the deployment's, their own, shared ones), with their status",
      parameters: [
        {
          name: 'all',
          in: 'query',
          required: false,
          schema: { enum: ['true'] },
          description: "Administrators: every registration, other users' included (to manage them).",
        },
      ],
      responses: {
        '200': json(list(ref('Server'))),
        ...standardErrors,
        '403': errorResponse('`all` asked by someone who is not an administrator.'),
      },
    },
    post: {
      summary: 'Register an MCP server (stdio: administrators only; private URLs: refused for users)',
      requestBody: body(ref('ServerRegistration')),
      responses: {
        '201': json(ref('Server')),
        ...standardErrors,
        '403': errorResponse('Not allowed.'),
        '409': errorResponse(
          "The name is taken (`server_exists`), or reads as a registered server's name does where approval rules and tool names see it (`server_name_collides`: `Shop` and `shop` are both `shop`).",
        ),
      },
    },
  },
  '/servers/{id}': {
    parameters: [serverIdParam],
    get: {
      summary: 'A server the caller may use or manage',
      responses: { '200': json(ref('Server')), ...standardErrors },
    },
    patch: {
      summary: "Share a user's server with every user, or stop sharing it (administrators)",
      requestBody: body(ref('ServerUpdate')),
      responses: {
        '200': json(ref('Server')),
        ...standardErrors,
        '403': errorResponse('Not an administrator.'),
      },
    },
    delete: {
      summary: 'Unregister a server',
      responses: {
        '200': json({ type: 'object' }),
        ...standardErrors,
        '403': errorResponse('Not allowed.'),
      },
    },
  },
  '/servers/{id}/start': {
    parameters: [serverIdParam],
    post: {
      summary: 'Start (enable) a server',
      responses: { '200': json(ref('Server')), ...standardErrors },
    },
  },
  '/servers/{id}/stop': {
    parameters: [serverIdParam],
    post: {
      summary: 'Stop (disable) a server',
      responses: { '200': json(ref('Server')), ...standardErrors },
    },
  },
  '/servers/{id}/tools': {
    parameters: [serverIdParam],
    get: {
      summary: "A server's tools",
      responses: {
        '200': json(list({ type: 'object' })),
        ...standardErrors,
        '409': errorResponse('Unreachable.'),
      },
    },
  },
  '/servers/{id}/tools/call': {
    parameters: [serverIdParam],
    post: {
      summary: 'Call a tool directly; the answer includes the widget its result describes',
      description:
        "Every call passes the gateway's call gate: the per-user rate limit (shared with chat), the approval policy " +
        'and a row in the audit trail. With `Accept: text/event-stream` the call is streamed, so what it asks ' +
        "reaches the caller — a form or link of the server's, or the gateway's approval question when the policy " +
        'asks about the tool (its `elicitation_request` carries `approval: {tool, arguments}`; accept with ' +
        '`{"approve": true}` to run the call): CUSTOM `elicitation_request` / `elicitation_resolved` events while it ' +
        'runs (answer at POST /servers/tool-calls/elicitations/{requestId}), then `tool_call_result` with the JSON a ' +
        'plain call answers, or `tool_call_error` `{code, message}` (`approval_declined` when the person said no). ' +
        'A plain call refuses what the server asks, and a tool the policy asks about (409 `approval_required`).',
      requestBody: body(ref('ToolCallRequest')),
      responses: {
        '200': json({ type: 'object' }),
        ...standardErrors,
        '403': errorResponse('Denied by the approval policy (`tool_denied`).'),
        '409': errorResponse(
          'Unreachable, or the approval policy asks about the tool and the call is not streamed (`approval_required`).',
        ),
        '429': errorResponse('Rate limit; see Retry-After.'),
      },
    },
  },
  '/servers/tool-calls/elicitations/{requestId}': {
    parameters: [requestIdParam],
    post: {
      summary:
        "Answer a server's form or link asked during one of the caller's streamed direct tool calls, on any replica",
      description:
        'The replica running the call takes the answer at once (200); another keeps it for that replica (202 ' +
        '`{success, forwarded: true}`), which checks it against the form: one that does not fit is dropped and ' +
        'the form still waits.',
      requestBody: body(ref('ElicitationAnswer')),
      responses: {
        ...standardErrors,
        '200': json({ type: 'object' }),
        '202': json({ type: 'object' }, 'Kept for the replica running the call.'),
        '400': errorResponse('The content does not fit the form (`invalid_answer`), or the body is invalid.'),
        '404': errorResponse("No call of the caller's asked for that request (`unknown_request`)."),
        '409': errorResponse('The request was answered, timed out or its call ended (`request_closed`).'),
      },
    },
  },
};
