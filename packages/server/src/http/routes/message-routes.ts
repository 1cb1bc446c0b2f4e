import { Hono } from 'hono';
import { modelPrices, withReplyUsage } from '../../chat/reply-usage.ts';
import type { MessageDraft } from '../../messages/api-message.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { getConversation } from '../../store/conversation-store.ts';
import { editHistory } from '../../store/edit-history.ts';
import {
  deleteMessage,
  insertMessages,
  messageSeq,
  pageOfMessages,
  toApiMessage,
} from '../../store/message-store.ts';
import { runUsage } from '../../store/run-usage-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import { idempotently, jsonAnswer } from '../idempotency-key.ts';
import { readBody } from '../read-body.ts';
import { MessageInputSchema } from '../schemas.ts';

/** The most messages one page lists (the default page). */
const MAX_MESSAGES_PER_PAGE = 10_000;

/** A conversation's messages: list a page (cursors either way), add by hand, delete. */
export function messageRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.get('/:id/messages', async (c) => {
    const id = c.req.param('id');
    const conversation = await getConversation(services.db, c.get('user').id, id);
    if (!conversation) throw conversationNotFound(id);
    const limit = c.req.query('limit') === undefined ? MAX_MESSAGES_PER_PAGE : Number(c.req.query('limit'));
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_MESSAGES_PER_PAGE) {
      throw new ApiError(
        400,
        'invalid_request',
        `limit must be an integer from 1 to ${MAX_MESSAGES_PER_PAGE}`,
      );
    }
    const newest = c.req.query('newest');
    if (newest !== undefined && newest !== 'true' && newest !== 'false') {
      throw new ApiError(400, 'invalid_request', 'newest must be true or false');
    }
    const cursor = async (name: 'after' | 'before') => {
      const messageId = c.req.query(name);
      if (!messageId) return undefined;
      const seq = await messageSeq(services.db, id, messageId);
      if (seq === undefined)
        throw new ApiError(
          400,
          'invalid_request',
          `${name} must be the id of a message of this conversation`,
        );
      return seq;
    };
    const before = await cursor('before');
    const page = await pageOfMessages(services.db, id, {
      after: await cursor('after'),
      before,
      limit,
      newest: newest === undefined ? before !== undefined : newest === 'true',
    });
    const usage = await runUsage(
      services.db,
      c.get('user').id,
      page.rows.flatMap((row) => (row.role === 'assistant' && row.run_id ? [row.run_id] : [])),
    );
    return c.json({
      items: withReplyUsage(
        page.rows.map((row) => ({ message: toApiMessage(row), runId: row.run_id })),
        usage,
        modelPrices(services.models, conversation.model),
      ),
      // Cursors name the page's own first and last messages (an empty page has none).
      previous_cursor: (page.earlier && page.rows[0]?.id) || null,
      next_cursor: (page.later && page.rows.at(-1)?.id) || null,
    });
  });

  app.post('/:id/messages', async (c) => {
    const draft = await readBody<MessageDraft>(c, MessageInputSchema, services);
    if (draft.role === 'tool' && !draft.tool_call_id) {
      throw new ApiError(400, 'invalid_request', 'a message with role "tool" needs tool_call_id');
    }
    if (draft.role !== 'assistant' && draft.tool_calls) {
      throw new ApiError(400, 'invalid_request', 'only assistant messages can have tool_calls');
    }
    const id = c.req.param('id');
    return idempotently(c, services, {
      body: draft,
      conversationId: id,
      replay: (answer) => (answer.kind === 'json' ? jsonAnswer(c, answer) : c.json({}, 500)),
      handle: async (keep) => {
        // The answer is kept in the message's own transaction: a retry never adds it twice.
        const message = await editHistory(services.db, c.get('user').id, id, async (tx) => {
          const [row] = await insertMessages(tx, id, [{ ...draft, content: draft.content ?? null }], null);
          const stored = toApiMessage(row);
          await keep?.({ kind: 'json', status: 201, body: stored }, tx);
          return stored;
        });
        return c.json(message, 201);
      },
    });
  });

  app.delete('/:id/messages/:messageId', async (c) => {
    const id = c.req.param('id');
    const messageId = c.req.param('messageId');
    const deleted = await editHistory(services.db, c.get('user').id, id, (tx) =>
      deleteMessage(tx, id, messageId),
    );
    return c.json({ success: true, deleted });
  });

  return app;
}
