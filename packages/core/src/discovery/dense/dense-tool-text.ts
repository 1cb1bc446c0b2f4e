import type { McpToolDef } from '../../types/index.ts';

/** The longest text a tool is embedded from. */
const MAX_TEXT = 2_000;

/** The text a tool's embedding is computed from: its name and description (or title). */
export function denseToolText(tool: McpToolDef): string {
  return `${tool.name}: ${tool.description ?? tool.title ?? ''}`.slice(0, MAX_TEXT);
}
