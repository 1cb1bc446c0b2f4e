import type { Usage } from './model.ts';
import type { ToolCall } from './tool-call.ts';

/** Why an agent run stopped. */
export type StopReason =
  | 'end_turn'
  | 'max_iterations'
  | 'max_tool_calls'
  | 'aborted'
  | 'error'
  | 'awaiting_client_tool'
  | 'awaiting_approval';

/**
 * The value of each CUSTOM event, by name. The runtime's own events (metrics, tool progress, approvals…)
 * are listed here; a layer adds the events its tools emit (see `ToolCallContext.emit`) by declaration
 * merging, as autoui adds `widget` and `canvas`:
 * `declare module '@switchboard/core' { interface CustomEventMap { widget: WidgetEvent } }`.
 */
export interface CustomEventMap {
  /** A model call begins (counted from 1). */
  iteration: { iteration: number };
  model_request: unknown;
  model_response: unknown;
  model_retry: unknown;
  model_output_discarded: unknown;
  tool_progress: unknown;
  /** A tool call finished (its record, result included). */
  tool_call: ToolCall;
  tools_activated: unknown;
  loop_detected: unknown;
  /** The approval policy denied a call: it was answered with a refusal and never ran. */
  tool_call_denied: ToolCallDenial;
  awaiting_client_tool: unknown;
  awaiting_approval: unknown;
  elicitation_request: unknown;
  elicitation_resolved: unknown;
  sampling_request: unknown;
  sampling_resolved: unknown;
  server_log: unknown;
  /** The run's counters so far. */
  metrics: RunMetrics;
}

/** The `tool_call_denied` event's value: the call and the server and tool it named. */
export interface ToolCallDenial {
  toolCallId: string;
  /** The name the model used. */
  name: string;
  /** The server's name as its layer gives it (a registered name in the gateway). */
  server: string;
  /** The tool's real name on that server. */
  tool: string;
}

/** Names of the CUSTOM events: the runtime's own and those layers declare. */
export type CustomEventName = keyof CustomEventMap;

/** One CUSTOM event per name, its value typed by {@link CustomEventMap}. */
type CustomEvent = {
  [Name in CustomEventName]: BaseEvent & { type: 'CUSTOM'; name: Name; value: CustomEventMap[Name] };
}[CustomEventName];

interface BaseEvent {
  timestamp: number;
}

/**
 * The runtime's event vocabulary, using AG-UI event names so AG-UI clients can read our streams.
 * Metrics, tool progress and the events layers declare (widgets, canvas actions) travel as CUSTOM events.
 */
export type AgentEvent =
  | (BaseEvent & { type: 'RUN_STARTED'; threadId: string; runId: string })
  | (BaseEvent & {
      type: 'RUN_FINISHED';
      threadId: string;
      runId: string;
      result: { stopReason: StopReason };
    })
  | (BaseEvent & { type: 'RUN_ERROR'; message: string; code?: string })
  | (BaseEvent & { type: 'TEXT_MESSAGE_START'; messageId: string; role: 'assistant' })
  | (BaseEvent & { type: 'TEXT_MESSAGE_CONTENT'; messageId: string; delta: string })
  | (BaseEvent & { type: 'TEXT_MESSAGE_END'; messageId: string })
  | (BaseEvent & {
      type: 'TOOL_CALL_START';
      toolCallId: string;
      toolCallName: string;
      parentMessageId?: string;
    })
  | (BaseEvent & { type: 'TOOL_CALL_ARGS'; toolCallId: string; delta: string })
  | (BaseEvent & { type: 'TOOL_CALL_END'; toolCallId: string })
  | (BaseEvent & {
      type: 'TOOL_CALL_RESULT';
      messageId: string;
      toolCallId: string;
      content: string;
      role: 'tool';
    })
  | (BaseEvent & { type: 'STATE_SNAPSHOT'; snapshot: unknown })
  | (BaseEvent & { type: 'STATE_DELTA'; delta: unknown[] })
  | CustomEvent;

/** The distributive Omit, so each event variant keeps its own fields. */
export type AgentEventInput = AgentEvent extends infer E
  ? E extends AgentEvent
    ? Omit<E, 'timestamp'>
    : never
  : never;

/** Counters of one run, emitted as the `metrics` CUSTOM event and returned in the result. */
export interface RunMetrics {
  iterations: number;
  toolCalls: number;
  toolErrors: number;
  guidedCalls: number;
  modelCalls: number;
  usage: Usage;
  elapsedMs: number;
}

export type { ToolCall };
