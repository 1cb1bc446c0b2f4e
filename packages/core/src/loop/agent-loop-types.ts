import type { ToolCatalog, ToolCatalogOptions } from '../catalog/tool-catalog.ts';
import type { CompressionOptions } from '../context/compress-tool-results.ts';
import type { RunInteractionOptions } from '../interaction/run-interactions.ts';
import type { AgentSession, PendingToolCall } from '../session/agent-session.ts';
import type { AgentEvent, RunMetrics, StopReason } from '../types/events.ts';
import type { ToolLayer } from '../types/layers.ts';
import type { LanguageModel } from '../types/model.ts';
import type { McpToolClient, ToolCall } from '../types/tool-call.ts';
import type { SchemaValidator } from '../validation/schema-validator.ts';
import type { ApprovalPolicies } from './approval-policy.ts';
import type { LoopLimits } from './limits.ts';

/** Callbacks of the agent loop (the seed's callback style; the event stream carries the same). */
export interface AgentCallbacks {
  onToolCall?: (call: ToolCall) => void;
  /** Each text delta as it streams; deltas later discarded (see the `model_output_discarded` event) are not taken back here. */
  onText?: (delta: string) => void;
  onEvent?: (event: AgentEvent) => void;
}

/** Options of {@link runAgentLoop}. */
export interface AgentLoopOptions {
  /** The model (any adapter implementing the streaming model interface). */
  provider: LanguageModel;
  layers: ToolLayer[];
  /** A prebuilt catalog of `layers` (built from `layers` and `catalogOptions` when omitted). */
  catalog?: ToolCatalog;
  /** Aliases, flattening, schema-patch reporting and dense retrieval (`dense`) for the catalog built from `layers`. */
  catalogOptions?: ToolCatalogOptions;
  /** The conversation's state; a new session when omitted. */
  session?: AgentSession;
  mcpClients?: ReadonlyMap<string, McpToolClient>;
  /** Instructions placed before the generated tool prompt. */
  systemPrompt?: string;
  callbacks?: AgentCallbacks;
  signal?: AbortSignal;
  limits?: Partial<LoopLimits>;
  /** The deployment's approval policy and any the conversation adds (strictest answer wins). */
  approvalPolicies?: ApprovalPolicies;
  /** `lazy` (default): discovery tools first, servers activated on first use. `eager`: every tool at once. */
  discovery?: 'lazy' | 'eager';
  maxResultLength?: number;
  truncateResults?: boolean;
  toolTimeoutMs?: number;
  /** Compression of old tool results (default: keep 2 iterations, 200-char previews); `false` disables it. */
  compression?: CompressionOptions | false;
  /** Drop the oldest whole turns past this many characters of history. */
  maxHistoryChars?: number;
  maxTokens?: number;
  validator?: SchemaValidator;
  /** What servers may ask during tool calls: forms and links for the person, completions by `provider`. */
  interaction?: RunInteractionOptions;
}

/** The outcome of a run. */
export interface AgentResult {
  stopReason: StopReason;
  /** The assistant text produced during this run. */
  text: string;
  toolCalls: ToolCall[];
  metrics: RunMetrics;
  session: AgentSession;
  /** Calls waiting for the client (`awaiting_client_tool`) or a person (`awaiting_approval`). */
  pending: PendingToolCall[];
  error?: string;
  /** When a model call failed: the vendor's error type or code (e.g. `authentication_error`), if it gave one. */
  errorType?: string;
}

/** Answers for a suspended step. */
export interface ResumeInput {
  toolResults?: Array<{ toolCallId: string; content: string; isError?: boolean }>;
  approvals?: Array<{ toolCallId: string; decision: 'approve' | 'deny' }>;
}

/** Thrown (as a rejection) when resume input does not match the suspended step. */
export class ResumeError extends Error {
  readonly code: 'nothing_suspended' | 'unknown_call' | 'not_pending' | 'wrong_kind';
  constructor(code: ResumeError['code'], message: string) {
    super(message);
    this.name = 'ResumeError';
    this.code = code;
  }
}
