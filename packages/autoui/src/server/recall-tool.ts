import { RECALL_TOOL_NAME, type WebMcpToolInput } from '@switchboard/core';
import { toolError } from './tool-error.ts';

/**
 * The `recall` tool definition, so the model sees it in the autoui tool list. The agent runtime's
 * dispatcher answers it from the conversation's result buffer before it reaches this server; called
 * directly, it reads from `read` when one is given.
 */
export function recallTool(read: ((id: string) => string | undefined) | undefined): WebMcpToolInput {
  return {
    name: RECALL_TOOL_NAME,
    title: 'Recall a full result',
    description:
      "Re-read the full result of an earlier tool call whose result was compressed or truncated (the preview says recall('<id>')).",
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', minLength: 1, description: 'The tool_use id named in the preview' },
      },
      required: ['id'],
    },
    annotations: { readOnlyHint: true },
    execute: (input) => {
      const id = String(input.id);
      const full = read?.(id);
      if (full !== undefined) return full;
      return toolError(
        read
          ? `Error: no result found for id '${id}'`
          : `Error: no result buffer is attached to this autoui server; recall('${id}') is answered by the agent loop`,
      );
    },
  };
}
