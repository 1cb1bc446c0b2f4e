import type { JsonSchema } from '@switchboard/core';
import {
  body,
  conversationIdParam,
  errorResponse,
  idempotencyErrors,
  idempotencyKeyParam,
  json,
  ref,
  standardErrors,
} from '../openapi-parts.ts';
import {
  ApprovalPolicySchema,
  ConversationInputSchema,
  ConversationLimitsSchema,
  EnabledToolSchema,
  Message,
  MessageInputSchema,
  PendingCall,
} from '../schemas.ts';

/** A conversation, as the API shows it. */
const Conversation: JsonSchema = {
  type: 'object',
  required: [
    'id',
    'title',
    'system_prompt',
    'enabled_tools',
    'limits',
    'status',
    'pending',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    system_prompt: { type: 'string' },
    context: {},
    model: { type: ['string', 'null'] },
    enabled_tools: { type: 'array', items: EnabledToolSchema },
    limits: ConversationLimitsSchema,
    approval_policy: { anyOf: [ApprovalPolicySchema, { type: 'null' }] },
    status: { enum: ['idle', 'running', 'awaiting_client_tool', 'awaiting_approval'] },
    pending: { type: 'array', items: PendingCall },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

/** The component schemas of conversations and their messages. */
export const conversationSchemas = {
  Conversation,
  ConversationInput: ConversationInputSchema,
  MessageInput: MessageInputSchema,
};

/** Create, list, read, update and delete conversations; list, add and delete their messages. */
export const conversationPaths = {
  '/conversations': {
    post: {
      summary: 'Create a conversation',
      requestBody: body(ref('ConversationInput')),
      responses: { '201': json(ref('Conversation')), ...standardErrors },
    },
    get: {
      summary: 'List conversations (newest update first)',
      parameters: [
        {
          name: 'limit',
          in: 'query',
          schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        },
        {
          name: 'cursor',
          in: 'query',
          schema: { type: 'string' },
          description: 'next_cursor of the previous page.',
        },
        {
          name: 'q',
          in: 'query',
          schema: { type: 'string' },
          description: 'Search titles and message text.',
        },
      ],
      responses: {
        '200': json({
          type: 'object',
          required: ['items', 'next_cursor'],
          properties: {
            items: { type: 'array', items: ref('Conversation') },
            next_cursor: { type: ['string', 'null'] },
          },
        }),
        ...standardErrors,
      },
    },
  },
  '/conversations/{id}': {
    parameters: [conversationIdParam],
    get: {
      summary: 'Read a conversation',
      responses: { '200': json(ref('Conversation')), ...standardErrors },
    },
    patch: {
      summary: 'Update a conversation',
      requestBody: body(ref('ConversationInput')),
      responses: { '200': json(ref('Conversation')), ...standardErrors },
    },
    delete: {
      summary: 'Delete a conversation and everything it owns',
      responses: {
        '200': json({ type: 'object' }),
        ...standardErrors,
        '409': errorResponse('A turn is running.'),
      },
    },
  },
  '/conversations/{id}/messages': {
    parameters: [conversationIdParam],
    get: {
      summary: 'List a page of messages, in order',
      description:
        'Without cursors, the first page (or the last with `newest=true`). `previous_cursor` and `next_cursor` ' +
        'are the ids to pass as `before` and `after` for the pages either side (null when there is none): a ' +
        'client shows the newest page of a long conversation first and reads older ones as the person scrolls.',
      parameters: [
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
    },
    post: {
      summary: 'Add a message by hand (the history the model sees is rebuilt)',
      parameters: [idempotencyKeyParam],
      requestBody: body(ref('MessageInput')),
      responses: {
        '201': json(Message),
        ...standardErrors,
        ...idempotencyErrors,
      },
    },
  },
  '/conversations/{id}/messages/{messageId}': {
    parameters: [
      conversationIdParam,
      { name: 'messageId', in: 'path', required: true, schema: { type: 'string' } },
    ],
    delete: {
      summary: 'Delete a message (an assistant message takes its tool results with it)',
      responses: {
        '200': json({ type: 'object' }),
        ...standardErrors,
        '409': errorResponse('A turn is running.'),
      },
    },
  },
};
