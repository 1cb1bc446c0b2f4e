import type { JsonSchema } from '@switchboard/core';
import {
  ApprovalPolicySchema,
  ConversationInputSchema,
  ConversationLimitsSchema,
  EnabledToolSchema,
  MessageInputSchema,
} from '../schemas.ts';
import {
  body,
  conversationIdParam,
  errorResponse,
  idempotencyErrors,
  idempotencyKeyParam,
  json,
  ref,
  standardErrors,
} from './openapi-parts.ts';

/** A stored message, as the API shows it. */
const Message: JsonSchema = {
  type: 'object',
  required: ['id', 'role', 'content', 'timestamp'],
  properties: {
    id: { type: 'string' },
    role: { enum: ['user', 'assistant', 'system', 'tool'] },
    content: { type: ['string', 'null'] },
    timestamp: { type: 'string', format: 'date-time' },
    tool_calls: { type: 'array', items: { type: 'object' } },
    tool_call_id: { type: 'string' },
    name: { type: 'string' },
    is_error: { type: 'boolean' },
    unanswered: {
      enum: ['interrupted', 'failed', 'not_saved'],
      description:
        'A user message its turn never answered: the gateway stopped mid-turn (`interrupted`), the turn failed ' +
        'before anything ran (`failed`: the model does not see it again; send it again to retry), or its answer ' +
        'could not be saved (`not_saved`). The model gets an interrupted or unsaved message followed by a note ' +
        'saying so; the newest message is the one answered.',
    },
    usage: {
      type: 'object',
      description:
        "On the last assistant message of a turn: the tokens the turn's model calls used and, where the " +
        'operator priced its model, their cost (`price` of `GET /models`, per million tokens).',
      required: ['input_tokens', 'output_tokens'],
      properties: {
        input_tokens: { type: 'integer' },
        output_tokens: { type: 'integer' },
        cost: {
          type: 'object',
          required: ['amount', 'currency'],
          properties: { amount: { type: 'number' }, currency: { type: 'string' } },
        },
      },
    },
  },
};

/** A tool call the turn waits on: a client-side tool to run or a call to approve. */
const PendingCall: JsonSchema = {
  type: 'object',
  required: ['call_id', 'name', 'input', 'reason'],
  properties: {
    call_id: { type: 'string' },
    name: { type: 'string', description: 'The name the model called.' },
    server: { type: 'string' },
    tool: { type: 'string', description: 'The tool it routes to (for client tools: the declared name).' },
    input: {},
    reason: { enum: ['client_tool', 'approval'] },
  },
};

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
    pending: { type: 'array', items: ref('PendingCall') },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

/** The component schemas of conversations and their messages. */
export const conversationSchemas = {
  Conversation,
  ConversationInput: ConversationInputSchema,
  Message,
  MessageInput: MessageInputSchema,
  PendingCall,
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
            items: { type: 'array', items: ref('Message') },
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
        '201': json(ref('Message')),
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
