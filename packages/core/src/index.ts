/**
 * @switchboard/core — the agent runtime. Browser-safe: no DOM and no Node-only imports here
 * (Node-only pieces such as the stdio transport live in `./node.ts`).
 */

export * from './catalog/index.ts';
export type { CompressionOptions } from './context/compress-tool-results.ts';
export { compressedPreview, compressToolResults } from './context/compress-tool-results.ts';
export type { ResultBufferSnapshot } from './context/result-buffer.ts';
export { ResultBuffer } from './context/result-buffer.ts';
export { trimHistory } from './context/trim-history.ts';
export { DEFAULT_MAX_RESULT_LENGTH, truncateResult } from './context/truncate-result.ts';
export type { DispatchContext, DispatcherOptions, DispatchOutcome } from './dispatch/dispatcher.ts';
export { serverKey, ToolDispatcher } from './dispatch/dispatcher.ts';
export { normalizeToolOutput, safeStringify } from './dispatch/normalize-tool-output.ts';
export type { CanvasActionEvent, UiCallbacks, WidgetEvent } from './dispatch/ui-hooks.ts';
export * from './interaction/index.ts';
export { AgentRun } from './loop/agent-run.ts';
export type { AgentSessionSnapshot, PendingToolCall, SuspendedStep } from './loop/agent-session.ts';
export { AgentSession } from './loop/agent-session.ts';
export type { ApprovalAction, ApprovalPolicy, ApprovalRule } from './loop/approval-policy.ts';
export { combinePolicies, decideApproval } from './loop/approval-policy.ts';
export type { LoopLimits } from './loop/limits.ts';
export { DEFAULT_LIMITS } from './loop/limits.ts';
export { RECALL_TOOL } from './loop/recall-tool.ts';
export type { AgentCallbacks, AgentLoopOptions, AgentResult, ResumeInput } from './loop/run-agent-loop.ts';
export { ResumeError, resumeAgentLoop, runAgentLoop } from './loop/run-agent-loop.ts';
export * from './mcp/index.ts';
export type { ScriptedModel, ScriptedReply, ScriptedTurn } from './model/scripted-model.ts';
export { createScriptedModel } from './model/scripted-model.ts';
export * from './strict-schema/index.ts';
export type * from './types/index.ts';
export type { ValidationIssue, ValidationOutcome } from './validation/schema-validator.ts';
export { SchemaValidator } from './validation/schema-validator.ts';
export type {
  ResourceContents,
  WebMcpResourceInput,
  WebMcpServer,
  WebMcpToolInput,
} from './webmcp/webmcp-server.ts';
export { createWebMcpServer, ToolInputError } from './webmcp/webmcp-server.ts';
