import {
  type AgentEvent,
  type AgentLoopOptions,
  type AgentResult,
  type ModelRequest,
  runAgentLoop,
  type ToolResultBlock,
} from '../../src/index.ts';
import { createScriptedModel, type ScriptedModel, type ScriptedTurn } from '../../src/testing/index.ts';

/** A finished scripted run: its result, every event it emitted, and the model (with the requests it got). */
export interface ScriptedRun {
  result: AgentResult;
  events: AgentEvent[];
  model: ScriptedModel;
}

/**
 * Runs the agent loop for `message` with a scripted model playing `turns` (replies, or functions of
 * the request that read earlier tool results the way a real model would), recording the events.
 */
export async function runScripted(
  message: string,
  turns: ScriptedTurn[],
  options: Omit<AgentLoopOptions, 'provider'>,
): Promise<ScriptedRun> {
  const model = createScriptedModel(turns);
  const events: AgentEvent[] = [];
  const result = await runAgentLoop(message, {
    ...options,
    provider: model,
    callbacks: { ...options.callbacks, onEvent: (event) => events.push(event) },
  });
  return { result, events, model };
}

/** The tool results the model was sent with this request (the last user message's tool_result blocks). */
export function latestToolResults(request: ModelRequest): ToolResultBlock[] {
  const last = request.messages.at(-1);
  if (!last || typeof last.content === 'string') return [];
  return last.content.filter((block): block is ToolResultBlock => block.type === 'tool_result');
}

/** The values of the CUSTOM events of one name, in order. */
export function customEvents(events: AgentEvent[], name: string): unknown[] {
  return events.flatMap((event) => (event.type === 'CUSTOM' && event.name === name ? [event.value] : []));
}
