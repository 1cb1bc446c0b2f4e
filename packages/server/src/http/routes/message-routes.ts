import { Hono } from 'hono';
import type { MessageDraft } from '../../messages/api-message.ts';
import { getConversation } from '../../store/conversation-store.ts';
import { editHistory } from '../../store/edit-history.ts';
import { insertMessages, listMessages, toApiMessage } from '../../store/message-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import type { GatewayEnv, GatewayServices } from '../gateway-services.ts';
import { readBody } from '../read-body.ts';
import { MessageInputSchema } from '../schemas.ts';

/** A conversation's messages: list, add by hand, delete. */
export function messageRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.get('/:id/messages', async (c) => {
    const id = c.req.param('id');
    if (!(await getConversation(services.db, c.get('user').id, id))) throw conversationNotFound(id);
    const limit = c.req.query('limit') === undefined ? undefined : Number(c.req.query('limit'));
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 10_000)) {
      throw new ApiError(400, 'invalid_request', 'limit must be an integer from 1 to 10000');
    }
    const rows = await listMessages(services.db, id, { after: c.req.query('after') || undefined, limit });
    return c.json({ items: rows.map(toApiMessage) });
  });

  app.post('/:id/messages', async (c) => {
    const draft = await readBody<MessageDraft>(c, MessageInputSchema, services);
    if (draft.role === 'tool' && !draft.tool_call_id) {
      throw new ApiError(400, 'invalid_request', 'a message with role "tool" needs tool_call_id');
    }
    if (draft.role !== 'assistant' && draft.tool_calls) {
      throw new ApiError(400, 'invalid_request', 'only assistant messages can have tool_calls');
    }
    const [row] = await editHistory(services.db, c.get('user').id, c.req.param('id'), (tx) =>
      insertMessages(tx, c.req.param('id'), [{ ...draft, content: draft.content ?? null }], null),
    );
    return c.json(toApiMessage(row), 201);
  });

  app.delete('/:id/messages/:messageId', async (c) => {
    const id = c.req.param('id');
    const messageId = c.req.param('messageId');
    const deleted = await editHistory(services.db, c.get('user').id, id, async (tx) => {
      const { rows } = await tx.query<{ id: string; tool_calls: Array<{ id: string }> | null }>(
        'DELETE FROM messages WHERE conversation_id = $1 AND id = $2 RETURNING id, tool_calls',
        [id, messageId],
      );
      if (!rows[0])
        throw new ApiError(
          404,
          'message_not_found',
          `message ${JSON.stringify(messageId)} not found in this conversation`,
        );
      const callIds = (rows[0].tool_calls ?? []).map((call) => call.id);
      if (callIds.length === 0) return [rows[0].id];
      const { rows: results } = await tx.query<{ id: string }>(
        `DELETE FROM messages WHERE conversation_id = $1 AND role = 'tool' AND tool_call_id IN (SELECT jsonb_array_elements_text($2::jsonb))
         RETURNING id`,
        [id, JSON.stringify(callIds)],
      );
      return [rows[0].id, ...results.map((row) => row.id)];
    });
    return c.json({ success: true, deleted });
  });

  return app;
}
