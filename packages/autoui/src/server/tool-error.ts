/** An MCP CallToolResult flagged as an error, whose text is `body` as JSON (or as is, for strings). */
export function toolError(body: unknown): { content: Array<{ type: 'text'; text: string }>; isError: true } {
  return {
    content: [{ type: 'text', text: typeof body === 'string' ? body : JSON.stringify(body) }],
    isError: true,
  };
}

/** True when a tool's result is an error result (as {@link toolError} makes). */
export function isToolError(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
}
