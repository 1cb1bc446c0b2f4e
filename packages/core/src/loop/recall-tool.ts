import { RECALL_TOOL_NAME } from '../naming/recall-tool-name.ts';
import type { ProviderTool } from '../types/layers.ts';

/** The built-in tool that re-reads a compressed or truncated result (offered once there is one). */
export const RECALL_TOOL: ProviderTool = {
  name: RECALL_TOOL_NAME,
  description:
    "Re-read the full result of an earlier tool call whose result was compressed or truncated (the preview says recall('<id>')).",
  input_schema: {
    type: 'object',
    properties: { id: { type: 'string', description: 'The tool_use id named in the preview' } },
    required: ['id'],
    additionalProperties: false,
  },
};
