import { json, standardErrors } from './openapi-parts.ts';

/** The caller's token and tool usage. */
export const usagePaths = {
  '/usage': {
    get: {
      summary: "The caller's token and tool usage",
      description:
        'Sums over every turn: input tokens billed in full, tokens read from and written to the vendor prompt cache, output tokens, model and tool calls.',
      responses: {
        '200': json({
          type: 'object',
          properties: Object.fromEntries(
            [
              'turns',
              'input_tokens',
              'output_tokens',
              'cache_read_tokens',
              'cache_write_tokens',
              'model_calls',
              'tool_calls',
            ].map((name) => [name, { type: 'integer' }]),
          ),
        }),
        ...standardErrors,
      },
    },
  },
};
