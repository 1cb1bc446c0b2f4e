/**
 * @switchboard/core — the agent runtime. Browser-safe: no DOM and no Node-only imports here
 * (Node-only pieces such as the stdio transport live in `./node.ts`; test doubles such as the
 * scripted model in `./testing.ts`).
 *
 * This is the public surface: the seeds' documented API (`buildSystemPrompt`,
 * `buildSystemPromptWithAliases`, `buildToolsFromLayers`, `buildDiscoveryTools`,
 * `buildDiscoveryToolsWithAliases`, `activateServerTools`, `resolveCanonicalTools`, `runAgentLoop`)
 * and what other packages and applications build on; `api/` holds its report. Building blocks that
 * only core composes (schema compiling, search weights and synonym tables, compression, …) are
 * reached through their own files by core's tests and benchmarks, not exported here.
 */

export { activateServerTools } from './catalog/activate-server-tools.ts';
export { buildDiscoveryTools, buildDiscoveryToolsWithAliases } from './catalog/build-discovery-tools.ts';
export { buildSystemPrompt, buildSystemPromptWithAliases } from './catalog/build-system-prompt.ts';
export { buildToolsFromLayers } from './catalog/build-tools-from-layers.ts';
export { type RecipeMarkdown, readRecipeMarkdown } from './catalog/read-recipe-markdown.ts';
export {
  type CanonicalTools,
  type RecipeRole,
  type RoleMatch,
  type RoleMatchStep,
  resolveCanonicalTools,
} from './catalog/resolve-canonical-tools.ts';
export { ToolCatalog, type ToolCatalogOptions } from './catalog/tool-catalog.ts';
export { trimHistory } from './context/trim-history.ts';
export {
  DEFAULT_GLOBAL_SEARCH_LIMIT,
  DEFAULT_GLOBAL_THRESHOLD,
  DenseRetrieval,
  type DenseRetrievalOptions,
  DenseToolRanker,
  type Embedder,
  type EmbeddingsConfig,
  embedderFromEnv,
  fuseRankings,
  globalToolDefinition,
  MAX_GLOBAL_SEARCH_LIMIT,
  MAX_QUERIES,
  mergeQueryRankings,
  mergeRankings,
  openAiEmbedder,
  parseEmbeddingsConfig,
  readQueries,
  ToolSearchIndex,
  type ToolSearchOptions,
  type ToolSearchResult,
} from './discovery/index.ts';
export {
  type DispatchContext,
  type DispatcherOptions,
  ToolDispatcher,
} from './dispatch/dispatcher.ts';
export { normalizeToolOutput } from './dispatch/normalize-tool-output.ts';
export {
  ElicitationBroker,
  type ElicitationRequest,
  type ElicitationResolution,
  type RunInteractionOptions,
  RunInteractions,
  type SamplingRequest,
  type SamplingResolution,
} from './interaction/index.ts';
export { AgentRun } from './loop/agent-run.ts';
export {
  type ApprovalAction,
  type ApprovalPolicies,
  type ApprovalPolicy,
  type ApprovalRule,
  decideApproval,
} from './loop/approval-policy.ts';
export type { LoopLimits } from './loop/limits.ts';
export {
  type AgentCallbacks,
  type AgentLoopOptions,
  type AgentResult,
  ResumeError,
  type ResumeInput,
  resumeAgentLoop,
  runAgentLoop,
} from './loop/run-agent-loop.ts';
export {
  IdleDeadline,
  type InputRound,
  type McpAuthorization,
  McpClientPool,
  McpConnection,
  McpConnectionError,
  type McpConnectionOptions,
  type McpTransportConfig,
  type OAuthClientState,
  OAuthSessionProvider,
  type OAuthSessionProviderOptions,
  type OAuthStateStore,
  type StoredDpopKey,
  WorkloadIdentityProvider,
  type WorkloadIdentityProviderOptions,
} from './mcp/index.ts';
export { containsWord } from './naming/contains-word.ts';
export { isRecallToolName, RECALL_TOOL_NAME } from './naming/recall-tool-name.ts';
export { sanitizeServerName } from './naming/sanitize-server-name.ts';
export { MAX_TOOL_NAME_LENGTH, prefixedToolName, sanitizeToolNamePart } from './naming/tool-name.ts';
export { AgentSession, type AgentSessionSnapshot } from './session/agent-session.ts';
export { isPlainObject } from './shared/is-plain-object.ts';
export { checkStrictModeSchema } from './strict-schema/check-strict-mode-schema.ts';
export type * from './types/index.ts';
export { LinearJsonSchemaValidator } from './validation/linear-json-schema-validator.ts';
export { compileLinearPattern, type LinearPattern } from './validation/linear-pattern.ts';
export { SchemaValidator, type ValidationIssue } from './validation/schema-validator.ts';
export { compileResourceTemplate, type ResourceTemplateMatcher } from './webmcp/resource-template.ts';
export {
  createWebMcpServer,
  type ResourceContents,
  ToolInputError,
  type ToolRegistration,
  type WebMcpResourceInput,
  type WebMcpServer,
  type WebMcpToolInput,
} from './webmcp/webmcp-server.ts';
