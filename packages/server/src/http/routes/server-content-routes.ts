import type { CompleteRequestParams } from '@modelcontextprotocol/client';
import { McpConnection, McpConnectionError } from '@switchboard/core';
import { type Context, Hono } from 'hono';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { AuthorizationRequiredError } from '../../upstream/authorization-required-error.ts';
import { asCaller } from '../../upstream/caller-identity.ts';
import { withDeadline } from '../../upstream/with-deadline.ts';
import { ApiError } from '../api-error.ts';
import { readBody } from '../read-body.ts';
import { CompleteRequestSchema, PromptGetRequestSchema, ResourceReadRequestSchema } from '../schemas.ts';

/**
 * A server's prompts and resources, for the app (prompts as slash commands, resources attached to a
 * message): list them (with the resource templates), get a prompt with its arguments, read a
 * resource, and ask for completions of a prompt's argument or a template's variable. Through the
 * caller's own connection for servers each user authorizes.
 */
export function serverContentRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.get('/:id/prompts', async (c) =>
    c.json({
      items: await use(c, services, 'listing prompts', (connection, signal) =>
        connection.listPrompts({ signal }),
      ),
    }),
  );

  app.post('/:id/prompts/get', async (c) => {
    const body = await readBody<{ name: string; arguments?: Record<string, string> }>(
      c,
      PromptGetRequestSchema,
      services,
    );
    return c.json(
      await use(c, services, `getting prompt ${JSON.stringify(body.name)}`, (connection, signal) =>
        connection.getPrompt(body.name, body.arguments ?? {}, { signal }),
      ),
    );
  });

  app.get('/:id/resources', async (c) => {
    const [items, templates] = await use(c, services, 'listing resources', (connection, signal) =>
      Promise.all([
        connection.listResources({ signal }),
        connection.listResourceTemplates({ signal }).catch(() => []),
      ]),
    );
    return c.json({ items, templates });
  });

  app.post('/:id/resources/read', async (c) => {
    const body = await readBody<{ uri: string }>(c, ResourceReadRequestSchema, services);
    return c.json(
      await use(c, services, `reading ${JSON.stringify(body.uri)}`, (connection, signal) =>
        connection.readResource(body.uri, { signal }),
      ),
    );
  });

  app.post('/:id/complete', async (c) => {
    const body = await readBody<CompleteRequestParams>(c, CompleteRequestSchema, services);
    return c.json(
      await use(c, services, `completing ${JSON.stringify(body.argument.name)}`, (connection, signal) =>
        connection.complete(body, { signal }),
      ),
    );
  });

  return app;
}

/** Runs a request on the caller's connection to the server, mapping every failure to an API error. */
async function use<T>(
  c: Context<GatewayEnv>,
  services: GatewayServices,
  what: string,
  run: (connection: McpConnection, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const user = c.get('user');
  const id = c.req.param('id') as string;
  const row = await services.registry.find(user, id);
  if (!row) throw new ApiError(404, 'server_not_found', `server ${JSON.stringify(id)} not found`);
  try {
    const connection = await services.registry.connection(row, user);
    if (!(connection instanceof McpConnection))
      throw new ApiError(409, 'server_unavailable', connection.unavailable);
    return await asCaller(user.id, () =>
      withDeadline(services.limits.toolTimeoutMs, (signal) => run(connection, signal)),
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof AuthorizationRequiredError) {
      throw new ApiError(409, 'authorization_required', error.message, {
        details: { authorize: `/servers/${row.id}/authorize` },
      });
    }
    if (error instanceof McpConnectionError && error.kind === 'server_error') {
      throw new ApiError(400, 'server_refused', `${what} on "${row.name}" failed: ${error.message}`);
    }
    throw new ApiError(502, 'server_failed', `${what} on "${row.name}" failed: ${(error as Error).message}`);
  }
}
