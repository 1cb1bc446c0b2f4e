import type { Tool } from '@modelcontextprotocol/client';
import type { JsonSchema, McpToolDef, ToolAnnotations } from '../../types/layers.ts';

/** Converts a tool from an MCP `tools/list` answer into our plain-data tool definition. */
export function toToolDef(tool: Tool): McpToolDef {
  const def: McpToolDef = { name: tool.name, inputSchema: { ...(tool.inputSchema as JsonSchema) } };
  if (tool.outputSchema !== undefined) def.outputSchema = tool.outputSchema as JsonSchema;
  if (tool.title !== undefined) def.title = tool.title;
  if (tool.description !== undefined) def.description = tool.description;
  if (tool.annotations !== undefined) def.annotations = { ...tool.annotations } as ToolAnnotations;
  if (tool._meta !== undefined) def._meta = { ...tool._meta };
  return def;
}
