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

/** Names of the CUSTOM events the runtime emits (widgets, canvas actions, metrics…). */
export type CustomEventName =
  | 'iteration'
  | 'model_request'
  | 'model_response'
  | 'model_retry'
  | 'model_output_discarded'
  | 'tool_progress'
  | 'tool_call'
  | 'tools_activated'
  | 'widget'
  | 'canvas'
  | 'loop_detected'
  | 'awaiting_client_tool'
  | 'awaiting_approval'
  | 'elicitation_request'
  | 'elicitation_resolved'
  | 'sampling_request'
  | 'sampling_resolved'
  | 'server_log'
  | 'metrics';

interface BaseEvent {
  timestamp: number;
}

/**
 * The runtime's event vocabulary, using AG-UI event names so AG-UI clients can read our streams.
 * Widgets, canvas actions and metrics travel as CUSTOM events.
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
  | (BaseEvent & { type: 'CUSTOM'; name: CustomEventName; value: unknown });

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
