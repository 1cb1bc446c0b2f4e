import type { JsonSchema } from '@switchboard/core';
import { UsageQuerySchema } from '../admin-schemas.ts';
import { errorResponse, json, queryParams, standardErrors } from '../openapi-parts.ts';

const COUNTS = [
  'turns',
  'input_tokens',
  'output_tokens',
  'cache_read_tokens',
  'cache_write_tokens',
  'model_calls',
  'tool_calls',
];
const counts = Object.fromEntries(COUNTS.map((name) => [name, { type: 'integer' }]));
const cost = {
  type: 'object',
  required: ['amount', 'currency'],
  properties: { amount: { type: 'number' }, currency: { type: 'string' } },
  description:
    "Input and output tokens at the operator's price per million tokens of each model (GET /models); absent when a model used has none. Prompt-cache tokens are not priced.",
} satisfies JsonSchema;
const Totals = { type: 'object', properties: { ...counts, cost } } satisfies JsonSchema;

/** The caller's token and tool usage, broken down on request; everyone's for administrators. */
export const usagePaths = {
  '/usage': {
    get: {
      summary: "The caller's token and tool usage",
      description:
        'Without parameters: sums over every turn (input tokens billed in full, tokens read from and written to the vendor prompt cache, output tokens, model and tool calls). ' +
        'With `by`: rows per UTC day, model, user (each with `cost` where priced) or tool (calls from the audit trail: chat, /mcp and direct calls), and the totals; `from`/`to` narrow the time. ' +
        '`user=<id>` (another user) and `all=true` (everyone) are for administrators: 403 for anyone else.',
      parameters: queryParams(UsageQuerySchema),
      responses: {
        '200': json({
          oneOf: [
            { type: 'object', properties: counts, description: 'The totals (no parameters).' },
            {
              type: 'object',
              properties: {
                by: { enum: ['day', 'model', 'user', 'tool'] },
                from: { type: 'string', format: 'date-time' },
                to: { type: 'string', format: 'date-time' },
                user: { type: 'string' },
                all: { const: true },
                items: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['key'],
                    properties: {
                      key: { type: 'string', description: 'The day, model id, user id or `server:tool`.' },
                      name: {
                        type: 'string',
                        description: "The user's name (by=user) or the model's label (by=model).",
                      },
                      ...counts,
                      cost,
                      server: { type: 'string' },
                      tool: { type: 'string' },
                      calls: { type: 'integer' },
                      not_ok: { type: 'integer', description: 'Calls that did not end ok (by=tool).' },
                    },
                  },
                },
                totals: Totals,
              },
            },
          ],
        }),
        ...standardErrors,
        '403': errorResponse('`user` or `all` from someone who is not an administrator.'),
      },
    },
  },
};
