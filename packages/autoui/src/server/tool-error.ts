/** An MCP CallToolResult flagged as an error, whose text is `body` as JSON (or as is, for strings). */
export function toolError(body: unknown): { content: Array<{ type: 'text'; text: string }>; isError: true } {
  return {
    content: [{ type: 'text', text: typeof body === 'string' ? body : JSON.stringify(body) }],
    isError: true,
  };
}
