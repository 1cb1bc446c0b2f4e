import { modelPrices, withReplyUsage } from '../../chat/reply-usage.ts';
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
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { idempotently, jsonAnswer } from '../idempotency-key.ts';
import {
  conversationIdParam,
  errorResponse,
  idempotencyErrors,
  idempotencyKeyParam,
  json,
  standardErrors,
} from '../openapi-parts.ts';
import { Message, MessageInputSchema } from '../schemas.ts';

/** The most messages one page lists (the default page). */
const MAX_MESSAGES_PER_PAGE = 10_000;

/** The body of `POST /conversations/{id}/messages`. */
const MessageInput = named('MessageInput', MessageInputSchema);

/** A conversation's messages: list a page (cursors either way), add by hand, delete. */
export const messageRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/conversations/{id}/messages',
    summary: 'List a page of messages, in order',
    description:
      'Without cursors, the first page (or the last with `newest=true`). `previous_cursor` and `next_cursor` ' +
      'are the ids to pass as `before` and `after` for the pages either side (null when there is none): a ' +
      'client shows the newest page of a long conversation first and reads older ones as the person scrolls.',
    parameters: [
      conversationIdParam,
      {
        name: 'after',
        in: 'query',
        schema: { type: 'string' },
        description: 'A message id of this conversation: only later messages.',
      },
      {
        name: 'before',
        in: 'query',
        schema: { type: 'string' },
        description:
          'A message id of this conversation: only earlier messages (the newest of them, unless `newest=false`).',
      },
      {
        name: 'newest',
        in: 'query',
        schema: { type: 'boolean' },
        description: 'The newest messages of the range rather than the oldest (still listed in order).',
      },
      {
        name: 'limit',
        in: 'query',
        schema: { type: 'integer', minimum: 1, maximum: 10000, default: 10000 },
      },
    ],
    responses: {
      '200': json({
        type: 'object',
        required: ['items', 'previous_cursor', 'next_cursor'],
        properties: {
          items: { type: 'array', items: Message },
          previous_cursor: { type: ['string', 'null'], description: 'Pass as `before`: the page before.' },
          next_cursor: { type: ['string', 'null'], description: 'Pass as `after`: the page after.' },
        },
      }),
      ...standardErrors,
    },
    async handle(c, { services }) {
      const id = c.req.param('id') as string;
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
    },
  }),
  apiRoute({
    method: 'post',
    path: '/conversations/{id}/messages',
    summary: 'Add a message by hand (the history the model sees is rebuilt)',
    parameters: [conversationIdParam, idempotencyKeyParam],
    body: MessageInput,
    responses: {
      '201': json(Message),
      ...standardErrors,
      ...idempotencyErrors,
    },
    async handle(c, { services, body }) {
      const draft = await body();
      if (draft.role === 'tool' && !draft.tool_call_id) {
        throw new ApiError(400, 'invalid_request', 'a message with role "tool" needs tool_call_id');
      }
      if (draft.role !== 'assistant' && draft.tool_calls) {
        throw new ApiError(400, 'invalid_request', 'only assistant messages can have tool_calls');
      }
      const id = c.req.param('id') as string;
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
    },
  }),
  apiRoute({
    method: 'delete',
    path: '/conversations/{id}/messages/{messageId}',
    summary: 'Delete a message (an assistant message takes its tool results with it)',
    parameters: [
      conversationIdParam,
      { name: 'messageId', in: 'path', required: true, schema: { type: 'string' } },
    ],
    responses: {
      '200': json({ type: 'object' }),
      ...standardErrors,
      '409': errorResponse('A turn is running.'),
    },
    async handle(c, { services }) {
      const id = c.req.param('id') as string;
      const messageId = c.req.param('messageId') as string;
      const deleted = await editHistory(services.db, c.get('user').id, id, (tx) =>
        deleteMessage(tx, id, messageId),
      );
      return c.json({ success: true, deleted });
    },
  }),
];
