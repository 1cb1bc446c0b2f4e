import { type Context, Hono } from 'hono';
import type { InteractionAnswer } from '../../chat/interaction-answer.ts';
import { CONTROL_CHANNEL, type ControlMessage } from '../../coordination/gateway-bus.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { getConversation } from '../../store/conversation-store.ts';
import { storeInteractionAnswer } from '../../store/interaction-answer-store.ts';
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
 * replica stores the answer for it and announces it (202).
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

async function answer(c: Context<GatewayEnv>, services: GatewayServices, reply: InteractionAnswer) {
  const id = c.req.param('id') as string;
  const requestId = c.req.param('requestId') as string;
  if (!(await getConversation(services.db, c.get('user').id, id))) throw conversationNotFound(id);
  const local = services.runner.active(id);
  if (local) {
    const outcome = local.answer(requestId, reply);
    if (outcome.ok) return c.json({ success: true });
    throw new ApiError(outcome.code === 'invalid_answer' ? 400 : 404, outcome.code, outcome.message);
  }
  if (!(await storeInteractionAnswer(services.db, id, requestId, reply))) {
    throw new ApiError(409, 'not_running', `conversation ${id} has no running turn waiting for an answer`);
  }
  await services.bus.publish(
    CONTROL_CHANNEL,
    JSON.stringify({ type: 'interaction-answer', conversationId: id } satisfies ControlMessage),
  );
  return c.json({ success: true, forwarded: true }, 202);
}
