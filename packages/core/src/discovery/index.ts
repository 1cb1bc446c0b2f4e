/**
 * Discovery at every scale: ranked tool retrieval over thousands of tools (no network, no model),
 * and the constant-size global discovery mode (`search_tools`, `list_servers`, `search_recipes`,
 * `get_recipe`) a catalog switches to when it has many servers.
 */
export { normalizeTerm, TextAnalyzer, tokenize } from './analyze-text.ts';
export { DenseRetrieval, type DenseRetrievalOptions } from './dense/dense-retrieval.ts';
export { type DenseDocument, DenseToolRanker } from './dense/dense-tool-ranker.ts';
export { embedderFromEnv } from './dense/embedder-from-env.ts';
export { type EmbeddingsConfig, parseEmbeddingsConfig } from './dense/embeddings-config.ts';
export { fuseRankings, RRF_K } from './dense/fuse-rankings.ts';
export { type Embedder, openAiEmbedder } from './dense/openai-embeddings.ts';
export {
  checkDiscoveryOptions,
  DEFAULT_GLOBAL_THRESHOLD,
  type DiscoveryMode,
  type DiscoveryOptions,
  resolveDiscoveryMode,
} from './discovery-mode.ts';
export {
  DEFAULT_GLOBAL_SEARCH_LIMIT,
  DEFAULT_SERVER_PAGE,
  GLOBAL_TOOL_NAMES,
  type GlobalToolKind,
  globalToolDefinition,
  isGlobalToolName,
  MAX_GLOBAL_SEARCH_LIMIT,
  MAX_SERVER_PAGE,
} from './global-tools.ts';
export { mergeQueryRankings, mergeRankings } from './merge-rankings.ts';
export { type QueryConcept, QueryExpander } from './query-terms.ts';
export { MAX_QUERIES, readQueries } from './read-queries.ts';
export {
  SERVER_FIELD_WEIGHTS,
  SHARED_FIELD_WEIGHTS,
  SYNONYM_WEIGHT,
  TOOL_FIELD_WEIGHTS,
} from './search-weights.ts';
export { SYNONYM_GROUPS } from './synonyms.ts';
export {
  type IndexableLayer,
  type ToolNaming,
  ToolSearchIndex,
  type ToolSearchOptions,
} from './tool-search-index.ts';
export type { ServerSearchResult, ToolSearchResult } from './tool-search-result.ts';
export {
  parameterText,
  type ToolSearchFields,
  toolSearchFields,
} from './tool-search-text.ts';
