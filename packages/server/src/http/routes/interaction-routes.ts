import { type Context, Hono } from 'hono';
import type { InteractionAnswer } from '../../chat/interaction-answer.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { getConversation } from '../../store/conversation-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import { readBody } from '../read-body.ts';
import { ElicitationAnswerSchema, SamplingDecisionSchema } from '../schemas.ts';

interface ElicitationAnswerBody {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
}

interface SamplingDecisionBody {
  decision: 'approve' | 'deny';
}

/**
 * The person's answers to what a server asked during a running turn: a form or a link
 * (elicitation) and a completion by the conversation's model (sampling). The replica running
 * the turn answers at once (a form that does not fit is refused with the reason); another
 * keeps the answer for it (202, see `PendingQuestions`).
 */
export function interactionRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.post('/:id/elicitations/:requestId', async (c) => {
    const body = await readBody<ElicitationAnswerBody>(c, ElicitationAnswerSchema, services);
    return answer(c, services, { kind: 'elicitation', ...body });
  });

  app.post('/:id/sampling/:requestId', async (c) => {
    const body = await readBody<SamplingDecisionBody>(c, SamplingDecisionSchema, services);
    return answer(c, services, { kind: 'sampling', decision: body.decision });
  });

  return app;
}

const REFUSAL_STATUS = { invalid_answer: 400, unknown_request: 404, request_closed: 409 } as const;

async function answer(c: Context<GatewayEnv>, services: GatewayServices, reply: InteractionAnswer) {
  const id = c.req.param('id') as string;
  const requestId = c.req.param('requestId') as string;
  const userId = c.get('user').id;
  if (!(await getConversation(services.db, userId, id))) throw conversationNotFound(id);
  const outcome = await services.questions.answer({ userId, conversationId: id }, requestId, reply);
  if (!outcome.ok) throw new ApiError(REFUSAL_STATUS[outcome.code], outcome.code, outcome.message);
  if (outcome.forwarded) return c.json({ success: true, forwarded: true }, 202);
  return c.json({ success: true });
}
