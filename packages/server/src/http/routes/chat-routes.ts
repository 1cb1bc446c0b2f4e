import { type Context, Hono } from 'hono';
import { CONTROL_CHANNEL, type ControlMessage } from '../../bus/gateway-bus.ts';
import { followConversation } from '../../chat/follow-conversation.ts';
import type { ActiveTurn, TurnInput } from '../../chat/turn-types.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { type ApprovalStatus, listApprovals } from '../../store/approval-store.ts';
import { listCanvasEvents } from '../../store/canvas-event-store.ts';
import type { ClientToolDeclaration } from '../../store/conversation.ts';
import { iso } from '../../store/conversation.ts';
import { requestStop } from '../../store/conversation-lease.ts';
import { ownsConversation } from '../../store/conversation-store.ts';
import { newId } from '../../store/new-id.ts';
import { currentRunStart } from '../../store/stream-event-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import { enforceRateLimit } from '../enforce-rate-limit.ts';
import { idempotently, jsonAnswer, type KeepAnswer } from '../idempotency-key.ts';
import { readBody } from '../read-body.ts';
import { recoverTurnAnswer, replayTurnAnswer } from '../replay-turn.ts';
import { ApprovalRequestSchema, ChatRequestSchema, ToolResultsRequestSchema } from '../schemas.ts';
import { turnAnswer } from '../turn-answer.ts';
import { wantsStream, writeSse } from '../write-sse.ts';

/** The most canvas events one page lists (the default page). */
const MAX_CANVAS_EVENTS_PER_PAGE = 1_000;

interface ChatBody {
  content: string;
  client_tools?: ClientToolDeclaration[];
}

interface ToolResultsBody {
  results: Array<{ call_id: string; content: unknown; is_error?: boolean }>;
}

interface ApprovalBody {
  call_id: string;
  decision: 'approve' | 'deny';
  remember?: boolean;
}

/**
 * Chat: a turn as one JSON answer or a live event stream, client tool results and approvals that
 * resume a suspended turn, stop, the resumable stream, approvals and canvas of a conversation.
 */
export function chatRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const start = async (c: Context<GatewayEnv>, input: TurnInput, runId?: string, keep?: KeepAnswer) => {
    await enforceRateLimit(c, services, c.get('user'));
    const turn = await services.runner.start(c.get('user'), c.req.param('id') as string, input, runId);
    return respond(c, services, turn, keep);
  };

  app.post('/:id/chat', async (c) => {
    const body = await readBody<ChatBody>(c, ChatRequestSchema, services);
    const runId = newId('run');
    return idempotently(c, services, {
      body,
      conversationId: c.req.param('id'),
      runId,
      recover: (id, run) => recoverTurnAnswer(services, id, run, wantsStream(c)),
      replay: (answer) => replayTurnAnswer(c, services, answer),
      handle: (keep) =>
        start(c, { kind: 'chat', content: body.content, clientTools: body.client_tools }, runId, keep),
    });
  });

  app.post('/:id/tool-results', async (c) => {
    const body = await readBody<ToolResultsBody>(c, ToolResultsRequestSchema, services);
    return start(c, {
      kind: 'resume',
      toolResults: body.results.map((result) => ({
        toolCallId: result.call_id,
        content: typeof result.content === 'string' ? result.content : JSON.stringify(result.content ?? null),
        ...(result.is_error ? { isError: true } : {}),
      })),
    });
  });

  app.post('/:id/approvals', async (c) => {
    const body = await readBody<ApprovalBody>(c, ApprovalRequestSchema, services);
    return start(c, {
      kind: 'resume',
      approvals: [{ toolCallId: body.call_id, decision: body.decision, remember: body.remember ?? false }],
    });
  });

  app.get('/:id/approvals', async (c) => {
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
  });

  app.post('/:id/stop', async (c) => {
    const id = await ownedConversation(c, services);
    const local = services.runner.active(id);
    if (local) {
      local.stop();
      return c.json({ success: true, stopping: true });
    }
    const stopping = await requestStop(services.db, id);
    if (stopping) {
      await services.bus.publish(
        CONTROL_CHANNEL,
        JSON.stringify({ type: 'stop', conversationId: id } satisfies ControlMessage),
      );
    }
    return c.json({ success: true, stopping });
  });

  app.get('/:id/stream', async (c) => {
    const id = await ownedConversation(c, services);
    const after = await resumePoint(c, services, id);
    return writeSse(c, (signal) => followConversation(services, id, after, signal));
  });

  app.get('/:id/canvas', async (c) => {
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
  });

  return app;
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
  const answer = turnAnswer(await turn.done);
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
