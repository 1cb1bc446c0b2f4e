/** How tool calls are written in text: `<tool>…</tool><params>…</params>`, or Qwen-style `<tool_call>…</tool_call>`. */
export type TextProtocolSyntax = 'tags' | 'qwen';

/** Writes one tool call in the given syntax (how the model is taught to, and sees its past calls). */
export function formatTextToolCall(name: string, input: unknown, syntax: TextProtocolSyntax): string {
  const raw = rawArguments(input);
  if (syntax === 'qwen')
    return `<tool_call>{"name": ${JSON.stringify(name)}, "arguments": ${raw}}</tool_call>`;
  return `<tool>${name}</tool><params>${raw}</params>`;
}

/** The arguments as the model wrote them: JSON, or the raw text of arguments that failed to parse. */
function rawArguments(input: unknown): string {
  if (typeof input === 'string') return input;
  if (typeof input === 'object' && input !== null && '__parse_error' in input && 'raw' in input) {
    return String(input.raw);
  }
  return JSON.stringify(input ?? {});
}
