import { readWidgetHint } from '@switchboard/autoui';
import { McpConnection, McpConnectionError } from '@switchboard/core';
import type { User } from '../../auth/user.ts';
import type { DirectCallAnswer } from '../../calls/direct-call-elicitations.ts';
import type { GatewayServices } from '../../services/gateway-services.ts';
import { deleteServer, type ServerRow, setServerEnabled, setServerShared } from '../../store/server-store.ts';
import { AuthorizationRequiredError } from '../../upstream/authorization-required-error.ts';
import { asCaller } from '../../upstream/caller-identity.ts';
import { canManageServer } from '../../upstream/server-access.ts';
import { withCallDeadline } from '../../upstream/with-deadline.ts';
import { ApiError } from '../api-error.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { requireAdmin } from '../authenticate.ts';
import { rateLimitedError } from '../enforce-rate-limit.ts';
import {
  errorResponse,
  json,
  list,
  requestIdParam,
  serverIdParam,
  standardErrors,
} from '../openapi-parts.ts';
import { ElicitationAnswer, Server, text } from '../schemas.ts';
import { wantsStream } from '../write-sse.ts';
import { registerServer } from './register-server.ts';
import { type DirectCallAsking, streamDirectCall } from './stream-direct-call.ts';

/** The HTTP status of each reason a direct call's request refuses an answer. */
const ANSWER_REFUSAL_STATUS = { invalid_answer: 400, unknown_request: 404, request_closed: 409 } as const;

/** The body of `POST /servers`. */
const ServerRegistration = named('ServerRegistration', {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  description:
    'Exactly one of `url` (Streamable HTTP, with SSE fallback) or `command` (stdio; administrators only).',
  properties: {
    name: { type: 'string', pattern: '^[a-zA-Z0-9][a-zA-Z0-9_-]{0,47}$' },
    description: text(2000),
    url: text(2000, 1),
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    command: text(1000, 1),
    args: { type: 'array', maxItems: 100, items: text(4000) },
    env: { type: 'object', additionalProperties: { type: 'string' } },
    cwd: text(1000, 1),
    roots: {
      type: 'array',
      maxItems: 50,
      description: 'What the server may work in (MCP roots), answered to its `roots/list`.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['uri'],
        properties: { uri: text(2000, 1), name: text(200) },
      },
    },
    oauth: {
      type: 'object',
      additionalProperties: false,
      description:
        'The server authorizes each user with OAuth (MCP authorization): each user connects it once (POST /servers/{id}/authorize). Without client_id the gateway registers a client itself.',
      properties: {
        client_id: text(500, 1),
        client_secret: text(2000, 1),
        scopes: { type: 'array', maxItems: 50, items: text(200, 1) },
      },
    },
  },
});

/** The body of `PATCH /servers/{id}`. */
const ServerUpdate = named('ServerUpdate', {
  type: 'object',
  additionalProperties: false,
  required: ['shared'],
  properties: {
    shared: {
      type: 'boolean',
      description:
        "Share a user's server with every user (its tools then reach everyone's models), or stop sharing it.",
    },
  },
});

/** The body of `POST /servers/{id}/tools/call`. */
const ToolCallRequest = named('ToolCallRequest', {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: text(200, 1), arguments: { type: 'object' } },
});

/** What the server actions `start` and `stop` are called in their operations' summaries. */
const ACTION_SUMMARY = { start: 'Start (enable) a server', stop: 'Stop (disable) a server' } as const;

/**
 * The MCP server registry: list, register (a Streamable HTTP URL — checked against private
 * networks for non-administrators — or a stdio command, administrators only), remove, start/stop,
 * tools, and calling a tool directly (with the widget its result describes) through the gateway's
 * call gate: rate limit (429), approval policy (403 denied; `ask` asked through the stream, 409
 * `approval_required` on a plain call) and the audit trail.
 */
export const serverRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/servers',
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
      '200': json(list(Server)),
      ...standardErrors,
      '403': errorResponse('`all` asked by someone who is not an administrator.'),
    },
    async handle(c, { services: { registry } }) {
      const user = c.get('user');
      if (c.req.query('all') === 'true') {
        requireAdmin(user, "list every user's servers");
        return c.json({ items: await registry.views(user, await registry.manageable(user)) });
      }
      return c.json({ items: await registry.views(user, await registry.usable(user)) });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/servers',
    summary: 'Register an MCP server (stdio: administrators only; private URLs: refused for users)',
    body: ServerRegistration,
    responses: {
      '201': json(Server),
      ...standardErrors,
      '403': errorResponse('Not allowed.'),
      '409': errorResponse(
        "The name is taken (`server_exists`), or reads as a registered server's name does where approval rules and tool names see it (`server_name_collides`: `Shop` and `shop` are both `shop`).",
      ),
    },
    async handle(c, { services, body }) {
      const user = c.get('user');
      const input = await body();
      const row = await registerServer(services, user, input);
      return c.json(await services.registry.view(user, row), 201);
    },
  }),
  apiRoute({
    method: 'get',
    path: '/servers/{id}',
    summary: 'A server the caller may use or manage',
    parameters: [serverIdParam],
    responses: { '200': json(Server), ...standardErrors },
    async handle(c, { services: { registry } }) {
      const user = c.get('user');
      const row = await registry.findManaged(user, c.req.param('id') as string);
      if (!row)
        throw new ApiError(404, 'server_not_found', `server ${JSON.stringify(c.req.param('id'))} not found`);
      return c.json(await registry.view(user, row));
    },
  }),
  apiRoute({
    method: 'patch',
    path: '/servers/{id}',
    summary: "Share a user's server with every user, or stop sharing it (administrators)",
    parameters: [serverIdParam],
    body: ServerUpdate,
    responses: {
      '200': json(Server),
      ...standardErrors,
      '403': errorResponse('Not an administrator.'),
    },
    async handle(c, { services, body }) {
      const { registry } = services;
      const user = c.get('user');
      requireAdmin(user, 'share a server with every user');
      const row = await findManaged(services, user, c.req.param('id') as string);
      const input = await body();
      const updated = (await setServerShared(services.db, row.id, input.shared)) ?? row;
      await registry.announceChange();
      await registry.sync(true);
      return c.json(await registry.view(user, updated));
    },
  }),
  apiRoute({
    method: 'delete',
    path: '/servers/{id}',
    summary: 'Unregister a server',
    parameters: [serverIdParam],
    responses: {
      '200': json({ type: 'object' }),
      ...standardErrors,
      '403': errorResponse('Not allowed.'),
    },
    async handle(c, { services }) {
      const user = c.get('user');
      const row = await findManaged(services, user, c.req.param('id') as string);
      await deleteServer(services.db, row.id);
      await services.registry.announceChange();
      return c.json({ success: true });
    },
  }),
  ...(['start', 'stop'] as const).map((action) =>
    apiRoute({
      method: 'post',
      path: `/servers/{id}/${action}`,
      summary: ACTION_SUMMARY[action],
      parameters: [serverIdParam],
      responses: { '200': json(Server), ...standardErrors },
      async handle(c, { services }) {
        const { registry } = services;
        const user = c.get('user');
        const row = await findManaged(services, user, c.req.param('id') as string);
        const updated = (await setServerEnabled(services.db, row.id, action === 'start')) ?? row;
        await registry.announceChange();
        await registry.sync(true);
        if (action === 'start') await registry.tools(updated, user).catch(() => undefined);
        return c.json(await registry.view(user, updated));
      },
    }),
  ),
  apiRoute({
    method: 'get',
    path: '/servers/{id}/tools',
    summary: "A server's tools",
    parameters: [serverIdParam],
    responses: {
      '200': json(list({ type: 'object' })),
      ...standardErrors,
      '409': errorResponse('Unreachable.'),
    },
    async handle(c, { services }) {
      const user = c.get('user');
      const row = await find(services, user, c.req.param('id') as string);
      try {
        return c.json({ items: await services.registry.tools(row, user) });
      } catch (error) {
        if (error instanceof AuthorizationRequiredError) throw authorizationRequired(row, error);
        throw new ApiError(
          409,
          'server_unavailable',
          `cannot list the tools of "${row.name}": ${(error as Error).message}`,
        );
      }
    },
  }),
  apiRoute({
    method: 'post',
    path: '/servers/{id}/tools/call',
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
    parameters: [serverIdParam],
    body: ToolCallRequest,
    responses: {
      '200': json({ type: 'object' }),
      ...standardErrors,
      '403': errorResponse('Denied by the approval policy (`tool_denied`).'),
      '409': errorResponse(
        'Unreachable, or the approval policy asks about the tool and the call is not streamed (`approval_required`).',
      ),
      '429': errorResponse('Rate limit; see Retry-After.'),
    },
    async handle(c, { services, body }) {
      const { registry } = services;
      const user = c.get('user');
      const row = await find(services, user, c.req.param('id') as string);
      const input = await body();
      let connection: Awaited<ReturnType<typeof registry.connection>>;
      let tools: Awaited<ReturnType<typeof registry.tools>>;
      try {
        connection = await registry.connection(row, user);
        if (!(connection instanceof McpConnection))
          throw new ApiError(409, 'server_unavailable', connection.unavailable);
        tools = await registry.tools(row, user);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (error instanceof AuthorizationRequiredError) throw authorizationRequired(row, error);
        throw new ApiError(
          409,
          'server_unavailable',
          `cannot reach "${row.name}": ${(error as Error).message}`,
        );
      }
      const tool = tools.find((candidate) => candidate.name === input.name);
      if (!tool) {
        throw new ApiError(
          404,
          'tool_not_found',
          `server "${row.name}" has no tool ${JSON.stringify(input.name)}`,
          {
            details: { tools: tools.map((candidate) => candidate.name) },
          },
        );
      }
      // The gateway's call gate: the rate limit, the approval policy, and the call's audit row.
      const gate = await services.calls.admit({ user, via: 'direct', serverName: row.name, tool });
      const { verdict } = gate;
      if (verdict.action === 'rate_limited') throw rateLimitedError(verdict);
      if (verdict.action === 'deny') throw new ApiError(403, 'tool_denied', verdict.message);
      const args = input.arguments ?? {};
      if (verdict.action === 'ask' && !wantsStream(c)) {
        const message = `${verdict.subject} needs the person's approval (the gateway's approval policy asks about it), and a plain call cannot ask: call again with "Accept: text/event-stream", answer the stream's elicitation_request marked "approval" at POST /servers/tool-calls/elicitations/{requestId} with {"action": "accept", "content": {"approve": true}}, and the call runs`;
        await gate.record('refused', message);
        throw new ApiError(409, 'approval_required', message, { details: { stream: 'text/event-stream' } });
      }
      const call = async (asking?: DirectCallAsking) => {
        if (verdict.action === 'ask') {
          const approved = await asking?.approve(row.name, { tool: tool.name, arguments: args });
          if (!approved) {
            const message = `the person did not approve ${verdict.subject}; it was not run`;
            await gate.record('declined', message);
            throw new ApiError(403, 'approval_declined', message);
          }
        }
        const output = await asCaller(user.id, () =>
          // The tool timeout stops while the server's question waits for the person (bounded by its own timeout).
          withCallDeadline(services.limits.toolTimeoutMs, (signal, holdDeadline) =>
            connection.callTool(tool.name, args, {
              // A caller that goes away ends the call: the server hears `notifications/cancelled`.
              signal: AbortSignal.any([signal, c.req.raw.signal]),
              holdDeadline,
              ...(asking ? { serverRequests: asking.serverRequests } : {}),
            }),
          ),
        ).catch(async (error: Error) => {
          await gate.record('failed', error.message);
          if (error instanceof McpConnectionError && error.kind === 'unauthorized')
            throw authorizationRequired(row, error);
          throw new ApiError(502, 'tool_call_failed', error.message);
        });
        await gate.record(output.isError ? 'tool_error' : 'ok', output.isError ? output.text : undefined);
        const widget = readWidgetHint(output.value !== undefined ? output.value : jsonText(output.text));
        const resourceUri = (tool._meta?.ui as { resourceUri?: unknown } | undefined)?.resourceUri;
        return {
          success: !output.isError,
          content: output.text,
          is_error: output.isError,
          ...(output.value !== undefined ? { structured: output.value } : {}),
          ...(widget ? { widget } : {}),
          ...(typeof resourceUri === 'string' ? { ui_resource: resourceUri } : {}),
        };
      };
      // Streamed, a form or link the server asks for, or the gateway's approval, reaches the caller
      // (a plain call refuses what the server asks).
      if (wantsStream(c)) return streamDirectCall(c, services.directCallElicitations, user.id, call);
      return c.json(await call());
    },
  }),
  apiRoute({
    method: 'post',
    path: '/servers/tool-calls/elicitations/{requestId}',
    summary:
      "Answer a server's form or link asked during one of the caller's streamed direct tool calls, on any replica",
    description:
      'The replica running the call takes the answer at once (200); another keeps it for that replica (202 ' +
      '`{success, forwarded: true}`), which checks it against the form: one that does not fit is dropped and ' +
      'the form still waits.',
    parameters: [requestIdParam],
    body: ElicitationAnswer,
    responses: {
      ...standardErrors,
      '200': json({ type: 'object' }),
      '202': json({ type: 'object' }, 'Kept for the replica running the call.'),
      '400': errorResponse('The content does not fit the form (`invalid_answer`), or the body is invalid.'),
      '404': errorResponse("No call of the caller's asked for that request (`unknown_request`)."),
      '409': errorResponse('The request was answered, timed out or its call ended (`request_closed`).'),
    },
    async handle(c, { services, body: read }) {
      const body = await read();
      const requestId = c.req.param('requestId') as string;
      const answer: DirectCallAnswer =
        body.action === 'accept'
          ? { action: 'accept', content: body.content ?? {} }
          : { action: body.action };
      const outcome = await services.directCallElicitations.answer(c.get('user').id, requestId, answer);
      if (!outcome.ok) throw new ApiError(ANSWER_REFUSAL_STATUS[outcome.code], outcome.code, outcome.message);
      // Kept for the replica running the call, which checks it against the form (as a turn's answers).
      if (outcome.forwarded) return c.json({ success: true, forwarded: true }, 202);
      return c.json({ success: true });
    },
  }),
];

/** A registration the user may use; 404 otherwise. */
async function find(services: GatewayServices, user: User, id: string): Promise<ServerRow> {
  const row = await services.registry.find(user, id);
  if (!row) throw new ApiError(404, 'server_not_found', `server ${JSON.stringify(id)} not found`);
  return row;
}

/** A registration the user may manage (its owner, or an administrator); 404 when they may not even use it. */
async function findManaged(services: GatewayServices, user: User, id: string): Promise<ServerRow> {
  const row = await services.registry.findManaged(user, id);
  if (!row) throw new ApiError(404, 'server_not_found', `server ${JSON.stringify(id)} not found`);
  if (!canManageServer(user, row))
    throw new ApiError(403, 'forbidden', `only an administrator can change the server "${row.name}"`);
  return row;
}

/**
 * The answer to using an OAuth server the user has not connected, or that refused them (revoked;
 * too little scope: `scope` names what it asked for, which connecting again asks for): what to
 * call to connect it.
 */
function authorizationRequired(
  row: ServerRow,
  error: AuthorizationRequiredError | McpConnectionError,
): ApiError {
  const scope = error instanceof McpConnectionError ? error.requiredScope : undefined;
  return new ApiError(409, 'authorization_required', error.message, {
    details: { authorize: `/servers/${row.id}/authorize`, ...(scope ? { scope } : {}) },
  });
}

/** A result text that is a JSON object (servers that return JSON as text, without `structuredContent`). */
function jsonText(text: string): unknown {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
