import type {
  AgentEvent,
  ElicitationRequest,
  ElicitationResolution,
  RunMetrics,
  SamplingRequest,
  SamplingResolution,
  ToolCall,
} from '@switchboard/core';

/** One line of the agent console. */
export interface ConsoleEntry {
  /** `line_<n>`: the line's number in the console, never reused (the key of its row). */
  id: string;
  kind:
    | 'run'
    | 'iteration'
    | 'model_request'
    | 'model_response'
    | 'model_retry'
    | 'tool_call'
    | 'tools_activated'
    | 'approval'
    | 'elicitation'
    | 'sampling'
    | 'server_log'
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
  /** How many lines were ever added (the older of them dropped past {@link MAX_CONSOLE_ENTRIES}): the next line's number. */
  lines: number;
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
  lines: 0,
}) as ConsoleState;

/** The most entries kept (older ones are dropped). */
export const MAX_CONSOLE_ENTRIES = 500;

/** Folds an agent event into the console state. Returns a new state. */
export function applyConsoleEvent(state: ConsoleState, event: AgentEvent): ConsoleState {
  const at = event.timestamp;
  const line = (entry: Omit<ConsoleEntry, 'id' | 'timestamp'>) =>
    push(state, { ...entry, id: `line_${state.lines + 1}`, timestamp: at });
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
    case 'model_retry': {
      const why = record.vendorType ? `${record.reason}, ${record.vendorType}` : record.reason;
      return line({
        kind: 'model_retry',
        summary: `model busy (${why}): retry ${record.attempt} in ${waitText(Number(record.waitMs))}`,
        detail: record,
      });
    }
    case 'model_output_discarded': {
      const calls = Array.isArray(record.toolCallIds) ? record.toolCallIds.length : 0;
      const dropped = [
        ...(record.messageId ? ['its text'] : []),
        ...(calls > 0 ? [`${calls} tool call${calls === 1 ? '' : 's'}`] : []),
      ].join(' and ');
      const why = record.reason === 'retry' ? 'the reply broke off' : `the reply ended (${record.reason})`;
      return line({ kind: 'model_retry', summary: `${why}: dropped ${dropped}`, detail: record });
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
    case 'elicitation_request':
    case 'elicitation_resolved':
    case 'sampling_request':
    case 'sampling_resolved':
    case 'server_log':
      return line(interactionLine(name, value));
    case 'server_unavailable':
      return line({
        kind: 'error',
        summary: `${record.server} left out of this turn`,
        detail: record,
        error: String(record.reason ?? record.message ?? 'unavailable'),
      });
    case 'server_needs_authorization':
      return line({
        kind: 'approval',
        summary: `${record.server} waits for you to connect it`,
        detail: record,
      });
    case 'metrics': {
      const metrics = value as RunMetrics;
      return { ...state, elapsedMs: metrics.elapsedMs ?? state.elapsedMs };
    }
    default:
      return state;
  }
}

/** A wait as a person reads it: `800 ms`, `2.5 s`. */
function waitText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** The most characters of a server's text put in a console line (the whole text is in its detail). */
const SUMMARY_CHARS = 160;

function interactionLine(name: string, value: unknown): Omit<ConsoleEntry, 'id' | 'timestamp'> {
  switch (name) {
    case 'elicitation_request': {
      const request = value as ElicitationRequest;
      if (request.approval)
        return {
          kind: 'approval',
          summary: `Switchboard asks you to approve ${request.server}:${request.approval.tool}`,
          detail: value,
        };
      const asks = request.mode === 'url' ? 'asks to open a link' : 'asks for a form';
      return {
        kind: 'elicitation',
        summary: `server ${request.server} ${asks}: ${clip(request.message)}`,
        detail: value,
      };
    }
    case 'elicitation_resolved': {
      const { action, by } = value as ElicitationResolution;
      const how = by === 'person' ? 'by you' : by === 'timed_out' ? '(timed out)' : '(cancelled)';
      return { kind: 'elicitation', summary: `elicitation ${action} ${how}`, detail: value };
    }
    case 'sampling_request': {
      const request = value as SamplingRequest;
      const approval = request.needsApproval ? ', waiting for approval' : '';
      return {
        kind: 'sampling',
        summary: `server ${request.server} asks for a completion (${request.messages.length} messages, at most ${request.maxTokens} tokens${approval})`,
        detail: value,
      };
    }
    case 'sampling_resolved': {
      const resolution = value as SamplingResolution;
      if (resolution.outcome === 'answered')
        return {
          kind: 'sampling',
          summary: `sampling answered by ${resolution.model ?? 'the model'}: ${clip(resolution.text ?? '')}`,
          detail: value,
        };
      return {
        kind: 'sampling',
        summary: `sampling ${resolution.outcome.replace('_', ' ')}`,
        detail: value,
        ...(resolution.error ? { error: resolution.error } : {}),
      };
    }
    default: {
      // server_log: an MCP server's `notifications/message`, with the server's name.
      const log = (value ?? {}) as { server?: string; level?: string; logger?: string; data?: unknown };
      const data = typeof log.data === 'string' ? log.data : JSON.stringify(log.data);
      const source = [log.server, log.logger].filter(Boolean).join('/') || 'server';
      return {
        kind: 'server_log',
        summary: `${source} [${log.level ?? 'info'}] ${clip(data ?? '')}`,
        detail: value,
      };
    }
  }
}

function clip(text: string): string {
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text;
}

function push(state: ConsoleState, entry: ConsoleEntry): ConsoleState {
  const entries = [...state.entries, entry];
  return {
    ...state,
    entries: entries.length > MAX_CONSOLE_ENTRIES ? entries.slice(-MAX_CONSOLE_ENTRIES) : entries,
    lines: state.lines + 1,
  };
}
