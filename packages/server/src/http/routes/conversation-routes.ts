import type { GatewayServices } from '../../services/gateway-services.ts';
import {
  createConversation,
  deleteConversation,
  getConversation,
  listConversations,
  type ConversationInput as StoredConversationInput,
  updateConversation,
} from '../../store/conversation-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { conversationIdParam, errorResponse, json, standardErrors } from '../openapi-parts.ts';
import {
  ApprovalPolicySchema,
  EnabledToolSchema,
  ModelChoiceSchema,
  nullable,
  PendingCall,
  text,
} from '../schemas.ts';

const ConversationLimitsSchema = {
  type: 'object',
  additionalProperties: false,
  description: "Lower the deployment's limits for this conversation (they cannot raise them).",
  properties: {
    tool_turns_per_request: { type: 'integer', minimum: 1, maximum: 10_000 },
    tool_turns_per_session: { type: 'integer', minimum: 1, maximum: 100_000 },
  },
} as const;

/** The body of `POST /conversations` and `PATCH /conversations/{id}`. */
const ConversationInput = named('ConversationInput', {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: text(500),
    system_prompt: text(100_000),
    context: { description: 'Anything the model should know (JSON); added to the system prompt.' },
    model: ModelChoiceSchema,
    enabled_tools: {
      type: 'array',
      maxItems: 1000,
      items: EnabledToolSchema,
      description:
        'When non-empty, only these tools are offered; empty: every running server, through discovery.',
    },
    limits: ConversationLimitsSchema,
    approval_policy: nullable(ApprovalPolicySchema),
  },
});

/** A conversation, as the API shows it. */
const Conversation = named('Conversation', {
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
});

/** Conversations: create, list (paginated, searchable), read, update, delete. */
export const conversationRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'post',
    path: '/conversations',
    summary: 'Create a conversation',
    body: ConversationInput,
    responses: { '201': json(Conversation), ...standardErrors },
    async handle(c, { services, body }) {
      const input = await body();
      checkModel(services, input);
      return c.json(await createConversation(services.db, c.get('user').id, input), 201);
    },
  }),
  apiRoute({
    method: 'get',
    path: '/conversations',
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
          items: { type: 'array', items: Conversation },
          next_cursor: { type: ['string', 'null'] },
        },
      }),
      ...standardErrors,
    },
    async handle(c, { services }) {
      const limit = Number(c.req.query('limit') ?? 20);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        throw new ApiError(400, 'invalid_request', 'limit must be an integer from 1 to 100');
      }
      const page = await listConversations(services.db, c.get('user').id, {
        limit,
        cursor: c.req.query('cursor') || undefined,
        query: c.req.query('q')?.trim() || undefined,
      });
      return c.json(page);
    },
  }),
  apiRoute({
    method: 'get',
    path: '/conversations/{id}',
    summary: 'Read a conversation',
    parameters: [conversationIdParam],
    responses: { '200': json(Conversation), ...standardErrors },
    async handle(c, { services }) {
      const conversation = await getConversation(services.db, c.get('user').id, c.req.param('id') as string);
      if (!conversation) throw conversationNotFound(c.req.param('id') as string);
      return c.json(conversation);
    },
  }),
  apiRoute({
    method: 'patch',
    path: '/conversations/{id}',
    summary: 'Update a conversation',
    parameters: [conversationIdParam],
    body: ConversationInput,
    responses: { '200': json(Conversation), ...standardErrors },
    async handle(c, { services, body }) {
      const input = await body();
      checkModel(services, input);
      const conversation = await updateConversation(
        services.db,
        c.get('user').id,
        c.req.param('id') as string,
        input,
      );
      if (!conversation) throw conversationNotFound(c.req.param('id') as string);
      return c.json(conversation);
    },
  }),
  apiRoute({
    method: 'delete',
    path: '/conversations/{id}',
    summary: 'Delete a conversation and everything it owns',
    parameters: [conversationIdParam],
    responses: {
      '200': json({ type: 'object' }),
      ...standardErrors,
      '409': errorResponse('A turn is running.'),
    },
    async handle(c, { services }) {
      const id = c.req.param('id') as string;
      const outcome = await deleteConversation(services.db, c.get('user').id, id);
      if (outcome === 'missing') throw conversationNotFound(id);
      if (outcome === 'busy')
        throw new ApiError(409, 'conversation_busy', 'a turn is running in this conversation; stop it first');
      return c.json({ success: true });
    },
  }),
];

/** Only an id of the operator's models (or null): anything else is refused here, before it is stored. */
function checkModel(services: GatewayServices, input: StoredConversationInput) {
  return services.models.resolve(input.model);
}
