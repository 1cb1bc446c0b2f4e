import type { McpToolDef } from '@switchboard/core';
import type { GatewayServices } from '../../services/gateway-services.ts';
import { getConversation, updateConversation } from '../../store/conversation-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import { type AnyApiRoute, apiRoute } from '../api-route.ts';
import { conversationIdParam, errorResponse, json, list, standardErrors } from '../openapi-parts.ts';
import { EnabledTool } from '../schemas.ts';

/**
 * The tools of a conversation: those available from running servers, and the enabled list (empty:
 * every running server is offered through discovery; otherwise only the listed tools).
 */
export const toolRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/conversations/{id}/tools/available',
    summary:
      "Tools of the running servers this user may use (server_id, server, tool_name, title — the server's own human title, when it gives one —, description, input_schema, annotations, enabled)",
    parameters: [conversationIdParam],
    responses: { '200': json({ type: 'object' }), ...standardErrors },
    async handle(c, { services }) {
      const user = c.get('user');
      const conversation = await load(services, user.id, c.req.param('id') as string);
      const rows = (await services.registry.usable(user)).filter((row) => row.enabled);
      const listed = await Promise.all(
        rows.map(async (row) => {
          try {
            return { row, tools: await services.registry.tools(row, user) };
          } catch (error) {
            return { row, error: (error as Error).message };
          }
        }),
      );
      const isEnabled = (serverId: string, tool: string) =>
        conversation.enabled_tools.some(
          (entry) => entry.server_id === serverId && (entry.tool_name === tool || entry.tool_name === '*'),
        );
      return c.json({
        items: listed.flatMap(({ row, tools }) =>
          (tools ?? []).map((tool) => ({
            server_id: row.id,
            server: row.name,
            tool_name: tool.name,
            ...titleOf(tool),
            description: tool.description ?? '',
            input_schema: tool.inputSchema,
            ...(tool.annotations ? { annotations: tool.annotations } : {}),
            enabled: isEnabled(row.id, tool.name),
          })),
        ),
        unavailable: listed.flatMap(({ row, error }) =>
          error ? [{ server_id: row.id, server: row.name, error }] : [],
        ),
      });
    },
  }),
  apiRoute({
    method: 'get',
    path: '/conversations/{id}/tools',
    summary: 'Enabled tools (empty: every running server, through discovery)',
    parameters: [conversationIdParam],
    responses: { '200': json(list(EnabledTool)), ...standardErrors },
    async handle(c, { services }) {
      const conversation = await load(services, c.get('user').id, c.req.param('id') as string);
      return c.json({ items: conversation.enabled_tools });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/conversations/{id}/tools',
    summary: 'Enable a tool (`tool_name: "*"` for all of a server)',
    parameters: [conversationIdParam],
    body: EnabledTool,
    responses: {
      '201': json(list(EnabledTool)),
      '200': json(list(EnabledTool)),
      ...standardErrors,
      '409': errorResponse('The server cannot be reached.'),
    },
    async handle(c, { services, body }) {
      const user = c.get('user');
      const input = await body();
      const conversation = await load(services, user.id, c.req.param('id') as string);
      const server = await services.registry.find(user, input.server_id);
      if (!server)
        throw new ApiError(404, 'server_not_found', `server ${JSON.stringify(input.server_id)} not found`);
      if (input.tool_name !== '*') {
        let names: string[];
        try {
          names = (await services.registry.tools(server, user)).map((tool) => tool.name);
        } catch (error) {
          throw new ApiError(
            409,
            'server_unavailable',
            `cannot list the tools of "${server.name}": ${(error as Error).message}`,
          );
        }
        if (!names.includes(input.tool_name)) {
          throw new ApiError(
            404,
            'tool_not_found',
            `server "${server.name}" has no tool ${JSON.stringify(input.tool_name)}`,
            {
              details: { tools: names },
            },
          );
        }
      }
      const exists = conversation.enabled_tools.some(
        (entry) => entry.server_id === input.server_id && entry.tool_name === input.tool_name,
      );
      const enabled = exists ? conversation.enabled_tools : [...conversation.enabled_tools, input];
      const updated = exists
        ? conversation
        : await updateConversation(services.db, user.id, conversation.id, { enabled_tools: enabled });
      return c.json({ items: updated?.enabled_tools ?? enabled }, exists ? 200 : 201);
    },
  }),
  apiRoute({
    method: 'delete',
    path: '/conversations/{id}/tools/{serverId}/{toolName}',
    summary: 'Disable a tool',
    parameters: [
      conversationIdParam,
      { name: 'serverId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'toolName', in: 'path', required: true, schema: { type: 'string' } },
    ],
    responses: { '200': json(list(EnabledTool)), ...standardErrors },
    async handle(c, { services }) {
      const user = c.get('user');
      const conversation = await load(services, user.id, c.req.param('id') as string);
      const { serverId, toolName } = c.req.param();
      const kept = conversation.enabled_tools.filter(
        (entry) => !(entry.server_id === serverId && entry.tool_name === toolName),
      );
      if (kept.length === conversation.enabled_tools.length) {
        throw new ApiError(
          404,
          'tool_not_enabled',
          `tool ${JSON.stringify(toolName)} of server ${JSON.stringify(serverId)} is not enabled here`,
        );
      }
      await updateConversation(services.db, user.id, conversation.id, { enabled_tools: kept });
      return c.json({ items: kept });
    },
  }),
];

/** A tool's human title as its server gives it (MCP `title`, else `annotations.title`), when it does. */
function titleOf(tool: McpToolDef): { title?: string } {
  const title = tool.title?.trim() || tool.annotations?.title?.trim();
  return title ? { title } : {};
}

/** The conversation `id` of the user, or a 404. */
async function load(services: GatewayServices, userId: string, id: string) {
  const conversation = await getConversation(services.db, userId, id);
  if (!conversation) throw conversationNotFound(id);
  return conversation;
}
