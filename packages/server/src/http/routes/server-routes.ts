import { readWidgetHint } from '@switchboard/autoui';
import { McpConnection, McpConnectionError } from '@switchboard/core';
import { Hono } from 'hono';
import type { User } from '../../auth/user.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { deleteServer, type ServerRow, setServerEnabled, setServerShared } from '../../store/server-store.ts';
import { AuthorizationRequiredError } from '../../upstream/authorization-required-error.ts';
import { asCaller } from '../../upstream/caller-identity.ts';
import { canManageServer } from '../../upstream/server-access.ts';
import { withCallDeadline } from '../../upstream/with-deadline.ts';
import { ApiError } from '../api-error.ts';
import { requireAdmin } from '../authenticate.ts';
import { rateLimitedError } from '../enforce-rate-limit.ts';
import { readBody } from '../read-body.ts';
import {
  ElicitationAnswerSchema,
  ServerRegistrationSchema,
  ServerUpdateSchema,
  ToolCallRequestSchema,
} from '../schemas.ts';
import { wantsStream } from '../write-sse.ts';
import { type DirectCallAnswer, DirectCallElicitations } from './direct-call-elicitations.ts';
import { type Registration, registerServer } from './register-server.ts';
import { type DirectCallAsking, streamDirectCall } from './stream-direct-call.ts';

/** The HTTP status of each reason a direct call's request refuses an answer. */
const ANSWER_REFUSAL_STATUS = { invalid_answer: 400, unknown_request: 404, request_closed: 409 } as const;

/**
 * The MCP server registry: list, register (a Streamable HTTP URL — checked against private
 * networks for non-administrators — or a stdio command, administrators only), remove, start/stop,
 * tools, and calling a tool directly (with the widget its result describes) through the gateway's
 * call gate: rate limit (429), approval policy (403 denied; `ask` asked through the stream, 409
 * `approval_required` on a plain call) and the audit trail.
 */
export function serverRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const { registry } = services;
  /** What servers ask during direct calls (`Accept: text/event-stream`), waiting for the caller. */
  const elicitations = new DirectCallElicitations({
    questions: services.questions,
    timeoutMs: services.limits.elicitationTimeoutMs,
  });
  const find = async (user: User, id: string) => {
    const row = await registry.find(user, id);
    if (!row) throw new ApiError(404, 'server_not_found', `server ${JSON.stringify(id)} not found`);
    return row;
  };
  /** A registration the user may manage (its owner, or an administrator); 404 when they may not even use it. */
  const findManaged = async (user: User, id: string) => {
    const row = await registry.findManaged(user, id);
    if (!row) throw new ApiError(404, 'server_not_found', `server ${JSON.stringify(id)} not found`);
    if (!canManageServer(user, row))
      throw new ApiError(403, 'forbidden', `only an administrator can change the server "${row.name}"`);
    return row;
  };

  app.get('/', async (c) => {
    const user = c.get('user');
    if (c.req.query('all') === 'true') {
      requireAdmin(user, "list every user's servers");
      return c.json({ items: await registry.views(user, await registry.manageable(user)) });
    }
    return c.json({ items: await registry.views(user, await registry.usable(user)) });
  });

  app.post('/', async (c) => {
    const user = c.get('user');
    const input = await readBody<Registration>(c, ServerRegistrationSchema, services);
    const row = await registerServer(services, user, input);
    return c.json(await registry.view(user, row), 201);
  });

  app.get('/:id', async (c) => {
    const user = c.get('user');
    const row = await registry.findManaged(user, c.req.param('id'));
    if (!row)
      throw new ApiError(404, 'server_not_found', `server ${JSON.stringify(c.req.param('id'))} not found`);
    return c.json(await registry.view(user, row));
  });

  app.patch('/:id', async (c) => {
    const user = c.get('user');
    requireAdmin(user, 'share a server with every user');
    const row = await findManaged(user, c.req.param('id'));
    const input = await readBody<{ shared: boolean }>(c, ServerUpdateSchema, services);
    const updated = (await setServerShared(services.db, row.id, input.shared)) ?? row;
    await registry.announceChange();
    await registry.sync(true);
    return c.json(await registry.view(user, updated));
  });

  app.delete('/:id', async (c) => {
    const user = c.get('user');
    const row = await findManaged(user, c.req.param('id'));
    await deleteServer(services.db, row.id);
    await registry.announceChange();
    return c.json({ success: true });
  });

  for (const action of ['start', 'stop'] as const) {
    app.post(`/:id/${action}`, async (c) => {
      const user = c.get('user');
      const row = await findManaged(user, c.req.param('id'));
      const updated = (await setServerEnabled(services.db, row.id, action === 'start')) ?? row;
      await registry.announceChange();
      await registry.sync(true);
      if (action === 'start') await registry.tools(updated, user).catch(() => undefined);
      return c.json(await registry.view(user, updated));
    });
  }

  app.get('/:id/tools', async (c) => {
    const user = c.get('user');
    const row = await find(user, c.req.param('id'));
    try {
      return c.json({ items: await registry.tools(row, user) });
    } catch (error) {
      if (error instanceof AuthorizationRequiredError) throw authorizationRequired(row, error);
      throw new ApiError(
        409,
        'server_unavailable',
        `cannot list the tools of "${row.name}": ${(error as Error).message}`,
      );
    }
  });

  app.post('/:id/tools/call', async (c) => {
    const user = c.get('user');
    const row = await find(user, c.req.param('id'));
    const input = await readBody<{ name: string; arguments?: Record<string, unknown> }>(
      c,
      ToolCallRequestSchema,
      services,
    );
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
    if (wantsStream(c)) return streamDirectCall(c, elicitations, user.id, call);
    return c.json(await call());
  });

  app.post('/tool-calls/elicitations/:requestId', async (c) => {
    const body = await readBody<DirectCallAnswer>(c, ElicitationAnswerSchema, services);
    const requestId = c.req.param('requestId');
    const answer: DirectCallAnswer =
      body.action === 'accept' ? { action: 'accept', content: body.content ?? {} } : { action: body.action };
    const outcome = await elicitations.answer(c.get('user').id, requestId, answer);
    if (!outcome.ok) throw new ApiError(ANSWER_REFUSAL_STATUS[outcome.code], outcome.code, outcome.message);
    // Kept for the replica running the call, which checks it against the form (as a turn's answers).
    if (outcome.forwarded) return c.json({ success: true, forwarded: true }, 202);
    return c.json({ success: true });
  });

  return app;
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
