import type { McpToolDef } from '@switchboard/core';
import { Hono } from 'hono';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import type { EnabledTool } from '../../store/conversation.ts';
import { getConversation, updateConversation } from '../../store/conversation-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import { readBody } from '../read-body.ts';
import { EnableToolRequestSchema } from '../schemas.ts';

/** A tool's human title as its server gives it (MCP `title`, else `annotations.title`), when it does. */
function titleOf(tool: McpToolDef): { title?: string } {
  const title = tool.title?.trim() || tool.annotations?.title?.trim();
  return title ? { title } : {};
}

/**
 * The tools of a conversation: those available from running servers, and the enabled list (empty:
 * every running server is offered through discovery; otherwise only the listed tools).
 */
export function toolRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const load = async (userId: string, id: string) => {
    const conversation = await getConversation(services.db, userId, id);
    if (!conversation) throw conversationNotFound(id);
    return conversation;
  };

  app.get('/:id/tools/available', async (c) => {
    const user = c.get('user');
    const conversation = await load(user.id, c.req.param('id'));
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
  });

  app.get('/:id/tools', async (c) => {
    const conversation = await load(c.get('user').id, c.req.param('id'));
    return c.json({ items: conversation.enabled_tools });
  });

  app.post('/:id/tools', async (c) => {
    const user = c.get('user');
    const input = await readBody<EnabledTool>(c, EnableToolRequestSchema, services);
    const conversation = await load(user.id, c.req.param('id'));
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
  });

  app.delete('/:id/tools/:serverId/:toolName', async (c) => {
    const user = c.get('user');
    const conversation = await load(user.id, c.req.param('id'));
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
  });

  return app;
}
