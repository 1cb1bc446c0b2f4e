import type { Context } from 'hono';
import { followConversation } from '../../chat/follow-conversation.ts';
import { stopTurn } from '../../chat/stop-turn.ts';
import type { ActiveTurn, TurnInput } from '../../chat/turn-types.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { type ApprovalStatus, listApprovals } from '../../store/approval-store.ts';
import { listCanvasEvents } from '../../store/canvas-event-store.ts';
import { iso } from '../../store/conversation.ts';
import { ownsConversation } from '../../store/conversation-store.ts';
import { newId } from '../../store/new-id.ts';
import { currentRunStart } from '../../store/stream-event-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { enforceRateLimit } from '../enforce-rate-limit.ts';
import { idempotently, jsonAnswer, type KeepAnswer } from '../idempotency-key.ts';
import {
  conversationIdParam,
  ErrorBody,
  errorResponse,
  idempotencyErrors,
  idempotencyKeyParam,
  json,
  list,
  standardErrors,
} from '../openapi-parts.ts';
import { recoverTurnAnswer, replayTurnAnswer } from '../replay-turn.ts';
import { ClientToolSchema, Message, PendingCall, text } from '../schemas.ts';
import { turnAnswer, withTurnUsage } from '../turn-answer.ts';
import { wantsStream, writeSse } from '../write-sse.ts';

/** The most canvas events one page lists (the default page). */
const MAX_CANVAS_EVENTS_PER_PAGE = 1_000;

/** The body of `POST /conversations/{id}/chat`. */
const ChatRequest = named('ChatRequest', {
  type: 'object',
  additionalProperties: false,
  required: ['content'],
  properties: {
    content: text(200_000, 1),
    client_tools: {
      type: 'array',
      maxItems: 200,
      items: ClientToolSchema,
      description: 'Tools the client executes itself (named `client_webmcp_<name>` for the model).',
    },
  },
});

/** The body of `POST /conversations/{id}/tool-results`. */
const ToolResultsRequest = named('ToolResultsRequest', {
  type: 'object',
  additionalProperties: false,
  required: ['results'],
  properties: {
    results: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['call_id', 'content'],
        properties: {
          call_id: text(200, 1),
          content: { description: 'The result: text, or any JSON value (sent to the model as JSON).' },
          is_error: { type: 'boolean' },
        },
      },
    },
  },
});

/** The body of `POST /conversations/{id}/approvals`. */
const ApprovalRequest = named('ApprovalRequest', {
  type: 'object',
  additionalProperties: false,
  required: ['call_id', 'decision'],
  properties: {
    call_id: text(200, 1),
    decision: { enum: ['approve', 'deny'] },
    remember: {
      type: 'boolean',
      description: 'Also add an allow/deny rule for this tool to the conversation policy.',
    },
  },
});

/** The JSON answer of a route that runs a turn. */
const ChatResponse = named('ChatResponse', {
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
    user_message: { anyOf: [Message, { type: 'null' }] },
    assistant_message: {
      anyOf: [Message, { type: 'null' }],
      description:
        "The turn's last assistant message, with the turn's `usage` (as the messages list gives it).",
    },
    messages: {
      type: 'array',
      items: Message,
      description: 'Every message the turn stored, besides the user message.',
    },
    pending: { type: 'array', items: PendingCall },
    message: { type: 'string' },
    error: ErrorBody,
  },
});

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
    ...json(ChatResponse, 'The turn, committed (JSON), or its live stream (SSE).'),
    content: { ...json(ChatResponse).content, ...sse.content },
  },
  ...standardErrors,
  '409': errorResponse(
    '`conversation_busy` (a turn is already running; `Retry-After`), `nothing_pending`, a duplicate answer, or ' +
      '`idempotency_key_in_flight` (the first request with this key still runs; `Retry-After`).',
  ),
  '429': errorResponse('Rate limit; see Retry-After.'),
  '500': {
    ...json(
      { anyOf: [ChatResponse, { type: 'object' }] },
      'The turn was not saved (`not_saved`), its outcome is unknown (`outcome_unknown`) or it was interrupted ' +
        '(a ChatResponse naming its stored `user_message`), or it could not start (`turn_setup_failed`, ' +
        '`turn_failed`: `error.user_message` is the message stored, marked `failed`).',
    ),
  },
  '502': errorResponse('The model failed (the turn, with the user message, is saved).'),
};

/**
 * Chat: a turn as one JSON answer or a live event stream, client tool results and approvals that
 * resume a suspended turn, stop, the resumable stream, approvals and canvas of a conversation.
 */
export const chatRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'post',
    path: '/conversations/{id}/chat',
    summary: 'Send a message and run a turn',
    parameters: [conversationIdParam, idempotencyKeyParam],
    body: ChatRequest,
    responses: {
      ...turnResponses,
      '400': errorResponse(
        'An invalid body, or `unknown_model` (the conversation names a model the operator no longer offers: ' +
          '`error.user_message` is the message stored, marked `failed`).',
      ),
      '422': idempotencyErrors['422'],
    },
    async handle(c, { services, body: read }) {
      const body = await read();
      const runId = newId('run');
      return idempotently(c, services, {
        body,
        conversationId: c.req.param('id'),
        runId,
        recover: (id, run) => recoverTurnAnswer(services, c.get('user').id, id, run, wantsStream(c)),
        replay: (answer) => replayTurnAnswer(c, services, answer),
        handle: (keep) =>
          startTurn(
            c,
            services,
            { kind: 'chat', content: body.content, clientTools: body.client_tools },
            runId,
            keep,
          ),
      });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/conversations/{id}/tool-results',
    summary: 'Post the results of client-side tool calls; resumes the turn (on any replica)',
    parameters: [conversationIdParam],
    body: ToolResultsRequest,
    responses: { ...turnResponses, '404': errorResponse('Unknown conversation or unknown call id.') },
    async handle(c, { services, body }) {
      const { results } = await body();
      return startTurn(c, services, {
        kind: 'resume',
        toolResults: results.map((result) => ({
          toolCallId: result.call_id,
          content:
            typeof result.content === 'string' ? result.content : JSON.stringify(result.content ?? null),
          ...(result.is_error ? { isError: true } : {}),
        })),
      });
    },
  }),
  apiRoute({
    method: 'get',
    path: '/conversations/{id}/approvals',
    summary: 'Approval requests',
    parameters: [
      conversationIdParam,
      {
        name: 'status',
        in: 'query',
        schema: { enum: ['pending', 'approved', 'denied', 'abandoned', 'all'], default: 'pending' },
      },
    ],
    responses: { '200': json(list({ type: 'object' })), ...standardErrors },
    async handle(c, { services }) {
      const id = await ownedConversation(c, services);
      const status = c.req.query('status') ?? 'pending';
      if (!['pending', 'approved', 'denied', 'abandoned', 'all'].includes(status)) {
        throw new ApiError(
          400,
          'invalid_request',
          'status must be pending, approved, denied, abandoned or all',
        );
      }
      const rows = await listApprovals(services.db, id, status as ApprovalStatus | 'all');
      return c.json({
        items: rows.map((row) => ({
          ...row,
          created_at: iso(row.created_at),
          decided_at: row.decided_at && iso(row.decided_at),
        })),
      });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/conversations/{id}/approvals',
    summary: 'Approve or deny a call; resumes the turn (on any replica)',
    parameters: [conversationIdParam],
    body: ApprovalRequest,
    responses: { ...turnResponses, '404': errorResponse('Unknown conversation or unknown call id.') },
    async handle(c, { services, body: read }) {
      const body = await read();
      return startTurn(c, services, {
        kind: 'resume',
        approvals: [{ toolCallId: body.call_id, decision: body.decision, remember: body.remember ?? false }],
      });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/conversations/{id}/stop',
    summary: 'Stop the running turn (on whichever replica runs it)',
    parameters: [conversationIdParam],
    responses: { '200': json({ type: 'object' }), ...standardErrors },
    async handle(c, { services }) {
      const id = await ownedConversation(c, services);
      return c.json({ success: true, stopping: await stopTurn(services, id) });
    },
  }),
  apiRoute({
    method: 'get',
    path: '/conversations/{id}/stream',
    summary: "Follow the conversation's event stream (resume a dropped stream, on any replica)",
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
    responses: { '200': sse, ...standardErrors },
    async handle(c, { services }) {
      const id = await ownedConversation(c, services);
      const after = await resumePoint(c, services, id);
      return writeSse(c, (signal) => followConversation(services, id, after, signal));
    },
  }),
  apiRoute({
    method: 'get',
    path: '/conversations/{id}/canvas',
    summary: 'A page of the canvas event log (widgets and canvas actions), oldest first',
    parameters: [
      conversationIdParam,
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
    async handle(c, { services }) {
      const id = await ownedConversation(c, services);
      const limit =
        c.req.query('limit') === undefined ? MAX_CANVAS_EVENTS_PER_PAGE : Number(c.req.query('limit'));
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CANVAS_EVENTS_PER_PAGE) {
        throw new ApiError(
          400,
          'invalid_request',
          `limit must be an integer from 1 to ${MAX_CANVAS_EVENTS_PER_PAGE}`,
        );
      }
      const after = c.req.query('after') ? Number(c.req.query('after')) : undefined;
      if (after !== undefined && !(Number.isSafeInteger(after) && after >= 0)) {
        throw new ApiError(400, 'invalid_request', 'after must be the next_cursor of a previous page');
      }
      const page = await listCanvasEvents(services.db, id, { after, limit });
      return c.json({
        items: page.rows.map((row) => ({ ...row, created_at: iso(row.created_at) })),
        next_cursor: page.more ? String(page.rows.at(-1)?.id) : null,
      });
    },
  }),
];

/** Starts a turn of the conversation the path names, within the caller's rate limit, and answers with it. */
async function startTurn(
  c: Context<GatewayEnv>,
  services: GatewayServices,
  input: TurnInput,
  runId?: string,
  keep?: KeepAnswer,
): Promise<Response> {
  await enforceRateLimit(c, services, c.get('user'));
  const turn = await services.runner.start(c.get('user'), c.req.param('id') as string, input, runId);
  return respond(c, services, turn, keep);
}

/** The JSON answer of a turn, or its live stream (kept under the request's idempotency key). */
async function respond(
  c: Context<GatewayEnv>,
  services: GatewayServices,
  turn: ActiveTurn,
  keep: KeepAnswer | undefined,
): Promise<Response> {
  c.header('X-Run-Id', turn.runId);
  if (wantsStream(c)) {
    await keep?.({ kind: 'stream', conversationId: turn.conversationId, runId: turn.runId }).catch(
      (error: unknown) => services.logger.warn({ err: error }, 'could not keep an idempotent answer'),
    );
    return writeSse(c, (signal) =>
      followConversation(services, turn.conversationId, turn.live.firstSeq - 1, signal),
    );
  }
  const answer = await withTurnUsage(
    services,
    c.get('user').id,
    turn.conversationId,
    turnAnswer(await turn.done),
  );
  await keep?.(answer).catch((error: unknown) =>
    services.logger.warn(
      { err: error },
      'could not keep an idempotent answer; a retry finds it from storage',
    ),
  );
  return jsonAnswer(c, answer);
}

async function ownedConversation(c: Context<GatewayEnv>, services: GatewayServices): Promise<string> {
  const id = c.req.param('id') as string;
  if (!(await ownsConversation(services.db, c.get('user').id, id))) throw conversationNotFound(id);
  return id;
}

/**
 * Where a stream starts: after `Last-Event-ID` (or `?after=`); without one, at the start of the
 * running turn (or at the end, when none runs).
 */
async function resumePoint(c: Context<GatewayEnv>, services: GatewayServices, id: string): Promise<number> {
  const given = c.req.header('last-event-id') ?? c.req.query('after');
  if (given !== undefined && given !== '') {
    const seq = Number(given);
    if (!Number.isInteger(seq) || seq < 0)
      throw new ApiError(400, 'invalid_request', 'Last-Event-ID must be an event id of this stream');
    return seq;
  }
  return currentRunStart(services.db, id);
}
