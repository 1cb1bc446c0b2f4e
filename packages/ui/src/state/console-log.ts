import type { AgentEvent, RunMetrics, ToolCall } from '@switchboard/core';

/** One line of the agent console. */
export interface ConsoleEntry {
  id: string;
  kind:
    | 'run'
    | 'iteration'
    | 'model_request'
    | 'model_response'
    | 'tool_call'
    | 'tools_activated'
    | 'approval'
    | 'error';
  timestamp: number;
  summary: string;
  /** The full record (tool call arguments and result, usage…), shown on demand. */
  detail?: unknown;
  error?: string;
  elapsedMs?: number;
}

/** What the agent console shows: the event lines and live counters. */
export interface ConsoleState {
  entries: ConsoleEntry[];
  running: boolean;
  iteration: number;
  toolCalls: number;
  toolErrors: number;
  tokens: { input: number; output: number };
  /** Wall time of the last run, from its metrics. */
  elapsedMs: number;
}

/** The console before any run. */
export const EMPTY_CONSOLE: ConsoleState = Object.freeze({
  entries: [],
  running: false,
  iteration: 0,
  toolCalls: 0,
  toolErrors: 0,
  tokens: { input: 0, output: 0 },
  elapsedMs: 0,
}) as ConsoleState;

/** The most entries kept (older ones are dropped). */
export const MAX_CONSOLE_ENTRIES = 500;

/** Folds an agent event into the console state. Returns a new state. */
export function applyConsoleEvent(state: ConsoleState, event: AgentEvent): ConsoleState {
  const at = event.timestamp;
  const line = (entry: Omit<ConsoleEntry, 'id' | 'timestamp'>) =>
    push(state, { ...entry, id: `${at}_${state.entries.length}`, timestamp: at });
  switch (event.type) {
    case 'RUN_STARTED':
      return { ...line({ kind: 'run', summary: `run ${event.runId} started` }), running: true, iteration: 0 };
    case 'RUN_FINISHED':
      return {
        ...line({ kind: 'run', summary: `run finished: ${event.result.stopReason}` }),
        running: false,
      };
    case 'RUN_ERROR':
      return { ...line({ kind: 'error', summary: 'run failed', error: event.message }), running: false };
    case 'CUSTOM':
      return applyCustom(state, event.name, event.value, line);
    default:
      return state;
  }
}

function applyCustom(
  state: ConsoleState,
  name: string,
  value: unknown,
  line: (entry: Omit<ConsoleEntry, 'id' | 'timestamp'>) => ConsoleState,
): ConsoleState {
  const record = (value ?? {}) as Record<string, unknown>;
  switch (name) {
    case 'iteration':
      return {
        ...line({ kind: 'iteration', summary: `iteration ${record.iteration}` }),
        iteration: Number(record.iteration) || state.iteration,
      };
    case 'model_request':
      return line({
        kind: 'model_request',
        summary: `model request: ${record.messages} messages, ${record.tools} tools`,
        detail: record,
      });
    case 'model_response': {
      const usage = (record.usage ?? {}) as { inputTokens?: number; outputTokens?: number };
      const next = line({
        kind: 'model_response',
        summary: `model response: ${record.finish}, ${usage.inputTokens ?? 0} in / ${usage.outputTokens ?? 0} out tokens, ${record.toolCalls ?? 0} tool calls`,
        detail: record,
      });
      return {
        ...next,
        tokens: {
          input: state.tokens.input + (usage.inputTokens ?? 0),
          output: state.tokens.output + (usage.outputTokens ?? 0),
        },
      };
    }
    case 'tool_call': {
      const call = value as ToolCall;
      const next = line({
        kind: 'tool_call',
        summary: `${call.name} — ${call.elapsed} ms${call.error ? ' — error' : ''}`,
        detail: {
          args: call.args,
          result: call.result,
          server: call.server,
          tool: call.tool,
          guided: call.guided,
        },
        error: call.error,
        elapsedMs: call.elapsed,
      });
      return { ...next, toolCalls: state.toolCalls + 1, toolErrors: state.toolErrors + (call.error ? 1 : 0) };
    }
    case 'tools_activated':
      return line({
        kind: 'tools_activated',
        summary: record.server
          ? `activated ${record.server} (${record.protocol})`
          : `revealed ${(record.tools as string[] | undefined)?.join(', ')}`,
      });
    case 'awaiting_approval':
      return line({ kind: 'approval', summary: 'waiting for approval', detail: record });
    case 'loop_detected':
      return line({
        kind: 'error',
        summary: 'loop detected',
        detail: record,
        error: 'the same call was repeated',
      });
    case 'metrics': {
      const metrics = value as RunMetrics;
      return { ...state, elapsedMs: metrics.elapsedMs ?? state.elapsedMs };
    }
    default:
      return state;
  }
}

function push(state: ConsoleState, entry: ConsoleEntry): ConsoleState {
  const entries = [...state.entries, entry];
  return {
    ...state,
    entries: entries.length > MAX_CONSOLE_ENTRIES ? entries.slice(-MAX_CONSOLE_ENTRIES) : entries,
  };
}
