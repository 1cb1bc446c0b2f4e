import type { CallToolResult } from '@modelcontextprotocol/server';

/** A successful tool result carrying `value` as compact JSON text. */
export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** A successful tool result carrying plain text. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/** A tool error the model can read and act on (`isError: true`). */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * A failure that a tool reports to the model as an error result rather than a crash.
 * Domain code throws it; tool handlers turn it into {@link errorResult}.
 */
export class ToolError extends Error {
  override name = 'ToolError';
}

/**
 * Runs a tool body and turns a thrown {@link ToolError} into an error result. Unexpected errors
 * are reported the same way, prefixed so the model knows the fault is not in its input.
 */
export async function runTool(body: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof ToolError) return errorResult(error.message);
    const message = error instanceof Error ? error.message : String(error);
    return errorResult(`Internal error: ${message}`);
  }
}
