import { AuditQuerySchema } from '../admin-schemas.ts';
import { errorResponse, json, queryParams, standardErrors } from '../openapi-parts.ts';

/** The audit trail of tool calls (administrators). */
export const auditPaths = {
  '/audit': {
    get: {
      summary: 'The audit trail of tool calls (administrators)',
      description:
        "Every user's tool calls through chat turns, /mcp and direct calls, refused ones included, newest first: who, which path, server, tool, outcome, time taken and why it failed; never arguments or results. " +
        'Filter by user, server, tool, via, outcome and time; page with `before` (the `next_cursor` of the page before).',
      parameters: queryParams(AuditQuerySchema),
      responses: {
        '200': json({
          type: 'object',
          required: ['items', 'next_cursor'],
          properties: {
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  user_id: { type: 'string' },
                  user_name: { type: ['string', 'null'] },
                  via: { enum: ['chat', 'mcp', 'direct'] },
                  server: { type: 'string' },
                  tool: { type: 'string' },
                  outcome: { type: 'string' },
                  elapsed_ms: { type: 'integer' },
                  error: { type: ['string', 'null'] },
                  created_at: { type: 'string', format: 'date-time' },
                },
              },
            },
            next_cursor: { type: ['string', 'null'] },
          },
        }),
        ...standardErrors,
        '403': errorResponse('The caller is not an administrator.'),
      },
    },
  },
};
