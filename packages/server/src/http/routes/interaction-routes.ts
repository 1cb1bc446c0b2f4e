import type { Context } from 'hono';
import type { InteractionAnswer } from '../../chat/interaction-answer.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { getConversation } from '../../store/conversation-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import {
  conversationIdParam,
  errorResponse,
  json,
  requestIdParam,
  standardErrors,
} from '../openapi-parts.ts';
import { ElicitationAnswer } from '../schemas.ts';

/** A person's decision on a server's request for a completion by the conversation's model (MCP sampling). */
const SamplingDecision = named('SamplingDecision', {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: { decision: { enum: ['approve', 'deny'] } },
});

/**
 * The person's answers to what a server asked during a running turn: a form or a link
 * (elicitation) and a completion by the conversation's model (sampling). The replica running
 * the turn answers at once (a form that does not fit is refused with the reason); another
 * keeps the answer for it (202, see `PendingQuestions`).
 */
export const interactionRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'post',
    path: '/conversations/{id}/elicitations/{requestId}',
    summary:
      "Answer a server's form or link (an `elicitation_request` event of the running turn), on any replica",
    parameters: [conversationIdParam, requestIdParam],
    body: ElicitationAnswer,
    responses: {
      ...standardErrors,
      '200': json({ type: 'object' }),
      '202': json({ type: 'object' }, 'Stored for the replica that runs the turn.'),
      '400': errorResponse('The content does not fit the form (`invalid_answer`), or the body is invalid.'),
      '404': errorResponse('Unknown conversation, or its turns asked no such request (`unknown_request`).'),
      '409': errorResponse('The request was answered, timed out or its turn ended (`request_closed`).'),
    },
    async handle(c, { services, body: read }) {
      const body = await read();
      return answer(c, services, { kind: 'elicitation', ...body });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/conversations/{id}/sampling/{requestId}',
    summary:
      "Approve or deny a server's request for a completion by the conversation's model (a `sampling_request` event)",
    parameters: [conversationIdParam, requestIdParam],
    body: SamplingDecision,
    responses: {
      ...standardErrors,
      '200': json({ type: 'object' }),
      '202': json({ type: 'object' }, 'Stored for the replica that runs the turn.'),
      '404': errorResponse('Unknown conversation, or its turns asked no such request (`unknown_request`).'),
      '409': errorResponse('The request was answered, timed out or its turn ended (`request_closed`).'),
    },
    async handle(c, { services, body: read }) {
      const body = await read();
      return answer(c, services, { kind: 'sampling', decision: body.decision });
    },
  }),
];

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
