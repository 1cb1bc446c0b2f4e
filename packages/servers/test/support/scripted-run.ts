import type { AgentResult, ModelRequest } from '@switchboard/core';
import { latestToolResults } from '../../../core/test/support/scripted-run.ts';

export {
  customEvents,
  latestToolResults,
  runScripted,
  type ScriptedRun,
} from '../../../core/test/support/scripted-run.ts';

/** The first tool result of this request, parsed as JSON (the shipped servers answer JSON). */
export function latestJson<T>(request: ModelRequest): T {
  const [first] = latestToolResults(request);
  if (!first) throw new Error('the scripted model expected a tool result in this request');
  return JSON.parse(first.content) as T;
}

/** One tool call of a run as a scenario compares it; JSON object and array results are parsed. */
export interface TranscriptEntry {
  name: string;
  args: unknown;
  result: unknown;
  isError: boolean;
}

/** The tool calls of a run, in order, without timings; JSON object and array results are parsed. */
export function transcript(result: AgentResult): TranscriptEntry[] {
  return result.toolCalls.map((call) => ({
    name: call.name,
    args: call.args,
    result: parseIfJson(call.result),
    isError: call.error !== undefined,
  }));
}

/** Objects and arrays are parsed; any other text (`8`, `hello`) stays a string. */
function parseIfJson(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
