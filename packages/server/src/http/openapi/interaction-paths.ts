import {
  body,
  conversationIdParam,
  errorResponse,
  json,
  ref,
  requestIdParam,
  standardErrors,
} from '../openapi-parts.ts';
import { ElicitationAnswerSchema, SamplingDecisionSchema } from '../schemas.ts';

/** The component schema of an answer to a server's form or link. */
export const elicitationSchemas = { ElicitationAnswer: ElicitationAnswerSchema };

/** The component schema of a decision on a server's sampling request. */
export const samplingSchemas = { SamplingDecision: SamplingDecisionSchema };

/** Answer what a server asks during a turn: a form or link, or a completion by the conversation's model. */
export const interactionPaths = {
  '/conversations/{id}/elicitations/{requestId}': {
    parameters: [conversationIdParam, requestIdParam],
    post: {
      summary:
        "Answer a server's form or link (an `elicitation_request` event of the running turn), on any replica",
      requestBody: body(ref('ElicitationAnswer')),
      responses: {
        ...standardErrors,
        '200': json({ type: 'object' }),
        '202': json({ type: 'object' }, 'Stored for the replica that runs the turn.'),
        '400': errorResponse('The content does not fit the form (`invalid_answer`), or the body is invalid.'),
        '404': errorResponse('Unknown conversation, or its turns asked no such request (`unknown_request`).'),
        '409': errorResponse('The request was answered, timed out or its turn ended (`request_closed`).'),
      },
    },
  },
  '/conversations/{id}/sampling/{requestId}': {
    parameters: [conversationIdParam, requestIdParam],
    post: {
      summary:
        "Approve or deny a server's request for a completion by the conversation's model (a `sampling_request` event)",
      requestBody: body(ref('SamplingDecision')),
      responses: {
        ...standardErrors,
        '200': json({ type: 'object' }),
        '202': json({ type: 'object' }, 'Stored for the replica that runs the turn.'),
        '404': errorResponse('Unknown conversation, or its turns asked no such request (`unknown_request`).'),
        '409': errorResponse('The request was answered, timed out or its turn ended (`request_closed`).'),
      },
    },
  },
};
