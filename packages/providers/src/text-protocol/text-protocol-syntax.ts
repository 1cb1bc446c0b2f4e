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

/** What ends the id of a call written in another syntax than the one taught. */
const SYNTAX_MARK = /__(tags|qwen)$/;

/**
 * The id of a parsed call, marked with the syntax the model wrote it in when that is not the taught
 * one (`…__qwen`), so the call is sent back in the model's own syntax on later turns, wherever the
 * history was stored.
 */
export function markCallSyntax(id: string, used: TextProtocolSyntax, taught: TextProtocolSyntax): string {
  return used === taught ? id : `${id}__${used}`;
}

/** The syntax a past call is sent back in: the one its id is marked with, else the taught one. */
export function callSyntax(id: string, taught: TextProtocolSyntax): TextProtocolSyntax {
  const marked = SYNTAX_MARK.exec(id)?.[1];
  return marked === 'tags' || marked === 'qwen' ? marked : taught;
}
