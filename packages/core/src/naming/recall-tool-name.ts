/**
 * The name of the runtime's own `recall` tool (it re-reads a compressed or truncated result from the
 * conversation's buffer). The agent loop offers it under this bare name; a WebMCP layer may list a tool
 * of the same real name, which the model then sees prefixed (`{server}_webmcp_recall`). The dispatcher
 * answers both itself.
 */
export const RECALL_TOOL_NAME = 'recall';

/** The ending of a WebMCP layer's recall once prefixed by `prefixedToolName`: `{server}_webmcp_recall`. */
const PREFIXED_RECALL_SUFFIX = `_webmcp_${RECALL_TOOL_NAME}`;

/**
 * True when `name` is the recall tool as the model sees it: the runtime's bare `recall`, or a WebMCP
 * layer's prefixed `{server}_webmcp_recall`.
 */
export function isRecallToolName(name: string): boolean {
  return name === RECALL_TOOL_NAME || name.endsWith(PREFIXED_RECALL_SUFFIX);
}
