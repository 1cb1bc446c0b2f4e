import {
  body,
  errorResponse,
  idempotencyErrors,
  idempotencyKeyParam,
  json,
  ref,
  standardErrors,
} from '../openapi-parts.ts';
import { StatelessChatRequestSchema } from '../schemas.ts';

/** The component schema of a stateless chat request. */
export const statelessChatSchemas = { StatelessChatRequest: StatelessChatRequestSchema };

/** The stateless LLM proxy. */
export const statelessChatPaths = {
  '/chat/v1/conversation': {
    post: {
      summary: 'Stateless LLM proxy: the tool calls for the client to run, or the final text',
      parameters: [idempotencyKeyParam],
      requestBody: body(ref('StatelessChatRequest')),
      responses: {
        '200': json({ type: 'object' }),
        ...standardErrors,
        ...idempotencyErrors,
        '429': errorResponse('Rate limit.'),
        '502': errorResponse('The model failed.'),
      },
    },
  },
};
