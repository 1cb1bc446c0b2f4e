import type { ProviderTool } from '@switchboard/core';
import { formatTextToolCall, type TextProtocolSyntax } from './text-protocol-syntax.ts';

/**
 * The system-prompt section that teaches a model without native tool calling how to call tools:
 * the protocol (in the chosen syntax), how results come back, and every tool with its description
 * and parameter JSON Schema.
 */
export function buildTextProtocolPrompt(tools: readonly ProviderTool[], syntax: TextProtocolSyntax): string {
  const example = formatTextToolCall('tool_name', { argument: 'value' }, syntax);
  const lines = [
    '# Tools',
    '',
    "You can call the tools listed below. To call one, write exactly this, with the arguments as one JSON object that matches the tool's parameter schema:",
    '',
    example,
    '',
    'You may call several tools in one reply, each call on its own line. After your calls, stop and wait:',
    'the results come back in the next message as <tool_result name="…" id="…">…</tool_result>.',
    'Never write a tool_result yourself. Call only the tools listed here. When no tool is needed, answer in plain text.',
    '',
    '## Available tools',
  ];
  for (const tool of tools) {
    lines.push(
      '',
      `### ${tool.name}`,
      tool.description,
      `Parameters (JSON Schema): ${JSON.stringify(tool.input_schema)}`,
    );
  }
  return lines.join('\n');
}
