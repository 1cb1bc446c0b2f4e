import type { McpToolDef } from '../types/index.ts';
import type { PseudoToolAnswer } from './pseudo-tool-answer.ts';
import { summarizeParameters } from './summarize-parameters.ts';

/**
 * The answer of a tool search whose query is exactly a tool's name: that tool alone, with its whole
 * description (search results and tool definitions cut long ones; this is where their pointer leads).
 * The tool becomes callable from the next step.
 */
export function fullToolAnswer(query: string, name: string, tool: McpToolDef): PseudoToolAnswer {
  return {
    text: JSON.stringify({
      query,
      results: [
        {
          name,
          description: (tool.description ?? tool.title ?? '').trim(),
          parameters: summarizeParameters(tool.inputSchema),
        },
      ],
      note: 'The tool named by the query, with its whole description. It can be called from your next step.',
    }),
    revealed: [name],
    isError: false,
  };
}
