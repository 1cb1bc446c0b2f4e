import { type Context, Hono } from 'hono';
import { followConversation } from '../../chat/follow-conversation.ts';
import type { ActiveTurn, TurnInput, TurnOutcome } from '../../chat/turn-types.ts';
import { CONTROL_CHANNEL, type ControlMessage } from '../../coordination/gateway-bus.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { type ApprovalStatus, listApprovals } from '../../store/approval-store.ts';
import { listCanvasEvents } from '../../store/canvas-event-store.ts';
import type { ClientToolDeclaration } from '../../store/conversation.ts';
import { iso } from '../../store/conversation.ts';
import { requestStop } from '../../store/conversation-lease.ts';
import { ownsConversation } from '../../store/conversation-store.ts';
import { currentRunStart } from '../../store/stream-event-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import { enforceRateLimit } from '../enforce-rate-limit.ts';
import { readBody } from '../read-body.ts';
import { ApprovalRequestSchema, ChatRequestSchema, ToolResultsRequestSchema } from '../schemas.ts';
import { wantsStream, writeSse } from '../write-sse.ts';

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
  const start = async (c: Context<GatewayEnv>, input: TurnInput) => {
    await enforceRateLimit(c, services, c.get('user'));
    const turn = await services.runner.start(c.get('user'), c.req.param('id') as string, input);
    return respond(c, services, turn);
  };

  app.post('/:id/chat', async (c) => {
    const body = await readBody<ChatBody>(c, ChatRequestSchema, services);
    return start(c, { kind: 'chat', content: body.content, clientTools: body.client_tools });
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
    const rows = await listCanvasEvents(services.db, id);
    return c.json({ items: rows.map((row) => ({ ...row, created_at: iso(row.created_at) })) });
  });

  return app;
}

/** The JSON answer of a turn, or its live stream. */
async function respond(
  c: Context<GatewayEnv>,
  services: GatewayServices,
  turn: ActiveTurn,
): Promise<Response> {
  c.header('X-Run-Id', turn.runId);
  if (wantsStream(c)) {
    return writeSse(c, (signal) =>
      followConversation(services, turn.conversationId, turn.live.firstSeq - 1, signal),
    );
  }
  const outcome = await turn.done;
  const failed = outcome.stopReason === 'error' || outcome.stopReason === 'not_saved';
  return c.json(
    {
      success: !failed,
      run_id: outcome.runId,
      stop_reason: outcome.stopReason,
      user_message: outcome.userMessage ?? null,
      assistant_message: outcome.assistantMessage,
      messages: outcome.messages,
      pending: outcome.pending,
      message: describe(outcome),
      ...(failed
        ? {
            error: {
              code: outcome.stopReason === 'error' ? 'model_error' : 'not_saved',
              message: outcome.error,
            },
          }
        : {}),
    },
    outcome.stopReason === 'error' ? 502 : outcome.stopReason === 'not_saved' ? 500 : 200,
  );
}

function describe(outcome: TurnOutcome): string {
  switch (outcome.stopReason) {
    case 'end_turn':
      return 'Chat completed successfully';
    case 'awaiting_client_tool':
      return `Waiting for the client to run ${outcome.pending.length} tool call(s); POST their results to /tool-results`;
    case 'awaiting_approval':
      return `Waiting for approval of ${outcome.pending.filter((call) => call.reason === 'approval').length} tool call(s); POST decisions to /approvals`;
    case 'aborted':
      return 'Stopped';
    case 'max_iterations':
      return 'Stopped: the tool-turn limit of this request was reached';
    case 'max_tool_calls':
      return 'Stopped: the tool-call limit was reached';
    default:
      return outcome.error ?? 'The turn failed';
  }
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
