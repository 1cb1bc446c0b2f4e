import type { JsonSchema } from '@switchboard/core';
import { ApprovalRequestSchema, ChatRequestSchema, ToolResultsRequestSchema } from '../schemas.ts';
import {
  body,
  conversationIdParam,
  errorResponse,
  idempotencyErrors,
  idempotencyKeyParam,
  json,
  list,
  ref,
  standardErrors,
} from './openapi-parts.ts';

/** The JSON answer of a route that runs a turn. */
const ChatResponse: JsonSchema = {
  type: 'object',
  required: [
    'success',
    'run_id',
    'stop_reason',
    'user_message',
    'assistant_message',
    'messages',
    'pending',
    'message',
  ],
  properties: {
    success: { type: 'boolean' },
    run_id: { type: 'string' },
    stop_reason: {
      enum: [
        'end_turn',
        'max_iterations',
        'max_tool_calls',
        'aborted',
        'error',
        'awaiting_client_tool',
        'awaiting_approval',
        'not_saved',
        'outcome_unknown',
        'interrupted',
      ],
      description:
        "`not_saved`: nothing of the turn was stored but its user message (marked `unanswered`); `outcome_unknown`: the database did not confirm whether the turn's commit went through, and the error says how to check; `interrupted` (a retried send's answer only): the gateway running the turn stopped.",
    },
    user_message: { anyOf: [ref('Message'), { type: 'null' }] },
    assistant_message: { anyOf: [ref('Message'), { type: 'null' }] },
    messages: {
      type: 'array',
      items: ref('Message'),
      description: 'Every message the turn stored, besides the user message.',
    },
    pending: { type: 'array', items: ref('PendingCall') },
    message: { type: 'string' },
    error: ref('ErrorBody'),
  },
};

/** A turn's live stream: Server-Sent Events of AG-UI events. */
const sse = {
  description:
    'With `Accept: text/event-stream`: Server-Sent Events. `id` is the event sequence number (resume with `Last-Event-ID` ' +
    'on GET /conversations/{id}/stream, on any replica); `data` is an AG-UI event (RUN_STARTED, TEXT_MESSAGE_*, TOOL_CALL_*, ' +
    'CUSTOM, RUN_FINISHED/RUN_ERROR). CUSTOM `model_output_discarded` {messageId?, toolCallIds, reason} names the text ' +
    'message and tool calls of a reply that broke off (it is asked again: `model_retry`) or failed: drop them, they are ' +
    'never stored. CUSTOM `user_message` acknowledges the stored user message; CUSTOM `turn_saved` ' +
    '(just before RUN_FINISHED) carries the stored messages; CUSTOM `server_needs_authorization` {server, server_id, ' +
    'message, authorize, scope?} names a server left out of the turn until the user connects it (POST /servers/{id}/authorize; ' +
    '`scope`: a call was refused for too little scope, and connecting again asks for it); ' +
    'CUSTOM `server_unavailable` {server, server_id, reason, message} names a server left out because it could not be ' +
    'reached in time.',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};

/** What a route that runs a turn answers: the committed turn (JSON) or its stream (SSE). */
const turnResponses = {
  '200': {
    ...json(ref('ChatResponse'), 'The turn, committed (JSON), or its live stream (SSE).'),
    content: { ...json(ref('ChatResponse')).content, ...sse.content },
  },
  ...standardErrors,
  '409': errorResponse(
    '`conversation_busy` (a turn is already running; `Retry-After`), `nothing_pending`, a duplicate answer, or ' +
      '`idempotency_key_in_flight` (the first request with this key still runs; `Retry-After`).',
  ),
  '429': errorResponse('Rate limit; see Retry-After.'),
  '500': {
    ...json(
      { anyOf: [ref('ChatResponse'), { type: 'object' }] },
      'The turn was not saved (`not_saved`), its outcome is unknown (`outcome_unknown`) or it was interrupted ' +
        '(a ChatResponse naming its stored `user_message`), or it could not start (`turn_setup_failed`, ' +
        '`turn_failed`: `error.user_message` is the message stored, marked `failed`).',
    ),
  },
  '502': errorResponse('The model failed (the turn, with the user message, is saved).'),
};

/** The component schemas of turns. */
export const chatSchemas = {
  ChatRequest: ChatRequestSchema,
  ChatResponse,
  ToolResultsRequest: ToolResultsRequestSchema,
  ApprovalRequest: ApprovalRequestSchema,
};

/** Run a turn: send a message, post client-side tool results, list and answer approvals. */
export const chatPaths = {
  '/conversations/{id}/chat': {
    parameters: [conversationIdParam],
    post: {
      summary: 'Send a message and run a turn',
      parameters: [idempotencyKeyParam],
      requestBody: body(ref('ChatRequest')),
      responses: {
        ...turnResponses,
        '400': errorResponse(
          'An invalid body, or `unknown_model` (the conversation names a model the operator no longer offers: ' +
            '`error.user_message` is the message stored, marked `failed`).',
        ),
        '422': idempotencyErrors['422'],
      },
    },
  },
  '/conversations/{id}/tool-results': {
    parameters: [conversationIdParam],
    post: {
      summary: 'Post the results of client-side tool calls; resumes the turn (on any replica)',
      requestBody: body(ref('ToolResultsRequest')),
      responses: { ...turnResponses, '404': errorResponse('Unknown conversation or unknown call id.') },
    },
  },
  '/conversations/{id}/approvals': {
    parameters: [conversationIdParam],
    get: {
      summary: 'Approval requests',
      parameters: [
        {
          name: 'status',
          in: 'query',
          schema: { enum: ['pending', 'approved', 'denied', 'abandoned', 'all'], default: 'pending' },
        },
      ],
      responses: { '200': json(list({ type: 'object' })), ...standardErrors },
    },
    post: {
      summary: 'Approve or deny a call; resumes the turn (on any replica)',
      requestBody: body(ref('ApprovalRequest')),
      responses: { ...turnResponses, '404': errorResponse('Unknown conversation or unknown call id.') },
    },
  },
};

/** Stop a running turn, follow its event stream, read the canvas log. */
export const turnStreamPaths = {
  '/conversations/{id}/stop': {
    parameters: [conversationIdParam],
    post: {
      summary: 'Stop the running turn (on whichever replica runs it)',
      responses: { '200': json({ type: 'object' }), ...standardErrors },
    },
  },
  '/conversations/{id}/stream': {
    parameters: [
      conversationIdParam,
      {
        name: 'Last-Event-ID',
        in: 'header',
        schema: { type: 'string' },
        description: 'Resume after this event id.',
      },
      { name: 'after', in: 'query', schema: { type: 'integer' }, description: 'Same as Last-Event-ID.' },
    ],
    get: {
      summary: "Follow the conversation's event stream (resume a dropped stream, on any replica)",
      responses: { '200': sse, ...standardErrors },
    },
  },
  '/conversations/{id}/canvas': {
    parameters: [conversationIdParam],
    get: {
      summary: 'A page of the canvas event log (widgets and canvas actions), oldest first',
      parameters: [
        {
          name: 'after',
          in: 'query',
          schema: { type: 'string' },
          description: 'The `next_cursor` of the previous page.',
        },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 1000 } },
      ],
      responses: {
        '200': json({
          type: 'object',
          required: ['items', 'next_cursor'],
          properties: {
            items: { type: 'array', items: { type: 'object' } },
            next_cursor: {
              type: ['string', 'null'],
              description: 'Pass as `after`: the next page (null at the end).',
            },
          },
        }),
        ...standardErrors,
      },
    },
  },
};
