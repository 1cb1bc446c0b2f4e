import { McpConnection, McpConnectionError } from '@switchboard/core';
import type { Context } from 'hono';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { AuthorizationRequiredError } from '../../upstream/authorization-required-error.ts';
import { asCaller } from '../../upstream/caller-identity.ts';
import { withDeadline } from '../../upstream/with-deadline.ts';
import { ApiError } from '../api-error.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { json, list, serverIdParam, standardErrors } from '../openapi-parts.ts';
import { text } from '../schemas.ts';

/** Gets one of a server's prompts, filled with its arguments. */
const PromptGetRequest = named('PromptGetRequest', {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: text(200, 1),
    arguments: { type: 'object', maxProperties: 50, additionalProperties: text(10_000) },
  },
});

/** Reads one of a server's resources. */
const ResourceReadRequest = named('ResourceReadRequest', {
  type: 'object',
  additionalProperties: false,
  required: ['uri'],
  properties: { uri: text(2000, 1) },
});

/** Asks a server to complete an argument of a prompt or a variable of a resource template (MCP `completion/complete`). */
const CompleteRequest = named('CompleteRequest', {
  type: 'object',
  additionalProperties: false,
  required: ['ref', 'argument'],
  properties: {
    ref: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'uri'],
          properties: { type: { const: 'ref/resource' }, uri: text(2000, 1) },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'name'],
          properties: { type: { const: 'ref/prompt' }, name: text(200, 1) },
        },
      ],
    },
    argument: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'value'],
      properties: { name: text(200, 1), value: text(2000) },
    },
    context: {
      type: 'object',
      additionalProperties: false,
      properties: {
        arguments: { type: 'object', maxProperties: 50, additionalProperties: text(2000) },
      },
    },
  },
});

/**
 * A server's prompts and resources, for the app (prompts as slash commands, resources attached to a
 * message): list them (with the resource templates), get a prompt with its arguments, read a
 * resource, and ask for completions of a prompt's argument or a template's variable. Through the
 * caller's own connection for servers each user authorizes.
 */
export const serverContentRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/servers/{id}/prompts',
    summary: "The server's prompts (through the caller's own connection for OAuth servers)",
    parameters: [serverIdParam],
    responses: { '200': json(list({ type: 'object' })), ...standardErrors },
    async handle(c, { services }) {
      return c.json({
        items: await use(c, services, 'listing prompts', (connection, signal) =>
          connection.listPrompts({ signal }),
        ),
      });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/servers/{id}/prompts/get',
    summary: 'Get one prompt, filled with its arguments',
    parameters: [serverIdParam],
    body: PromptGetRequest,
    responses: { ...standardErrors, '200': json({ type: 'object' }) },
    async handle(c, { services, body: read }) {
      const body = await read();
      return c.json(
        await use(c, services, `getting prompt ${JSON.stringify(body.name)}`, (connection, signal) =>
          connection.getPrompt(body.name, body.arguments ?? {}, { signal }),
        ),
      );
    },
  }),
  apiRoute({
    method: 'get',
    path: '/servers/{id}/resources',
    summary: "The server's resources and resource templates",
    parameters: [serverIdParam],
    responses: { '200': json({ type: 'object' }), ...standardErrors },
    async handle(c, { services }) {
      const [items, templates] = await use(c, services, 'listing resources', (connection, signal) =>
        Promise.all([
          connection.listResources({ signal }),
          connection.listResourceTemplates({ signal }).catch(() => []),
        ]),
      );
      return c.json({ items, templates });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/servers/{id}/resources/read',
    summary: 'Read one resource',
    parameters: [serverIdParam],
    body: ResourceReadRequest,
    responses: { ...standardErrors, '200': json({ type: 'object' }) },
    async handle(c, { services, body: read }) {
      const body = await read();
      return c.json(
        await use(c, services, `reading ${JSON.stringify(body.uri)}`, (connection, signal) =>
          connection.readResource(body.uri, { signal }),
        ),
      );
    },
  }),
  apiRoute({
    method: 'post',
    path: '/servers/{id}/complete',
    summary:
      "Suggestions for a prompt's argument or a resource template's variable (MCP `completion/complete`)",
    parameters: [serverIdParam],
    body: CompleteRequest,
    responses: { ...standardErrors, '200': json({ type: 'object' }) },
    async handle(c, { services, body: read }) {
      const body = await read();
      return c.json(
        await use(c, services, `completing ${JSON.stringify(body.argument.name)}`, (connection, signal) =>
          connection.complete(body, { signal }),
        ),
      );
    },
  }),
];

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
