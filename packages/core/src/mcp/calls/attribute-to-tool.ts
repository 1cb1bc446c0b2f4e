import { McpConnectionError } from '../connection/mcp-connection-error.ts';

/**
 * A failure shared by several callers (one connect attempt), attributed to the tool of the caller
 * it is reported to. Anything other than an {@link McpConnectionError} is returned as it is.
 */
export function attributeToTool(error: unknown, tool: string | undefined): unknown {
  if (!(error instanceof McpConnectionError) || error.tool === tool) return error;
  return new McpConnectionError(error.message, {
    kind: error.kind,
    server: error.server,
    tool,
    cause: error.cause,
  });
}
