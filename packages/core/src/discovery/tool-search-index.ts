import MiniSearch, { type SearchOptions } from 'minisearch';
import { sanitizeServerName } from '../catalog/sanitize-server-name.ts';
import { prefixedToolName } from '../catalog/tool-name.ts';
import type { McpToolDef, ToolLayer, ToolProtocol } from '../types/index.ts';
import { isEncodedCjk, TextAnalyzer } from './analyze-text.ts';
import { QueryExpander } from './query-terms.ts';
import { toolSearchText } from './tool-search-text.ts';

/** One ranked search hit. */
export interface ToolSearchResult {
  /** The name the model calls. */
  prefixedName: string;
  /** The sanitized server name. */
  server: string;
  protocol: ToolProtocol;
  /** The server's real tool name. */
  toolName: string;
  description: string;
  /** Relevance (higher is better; only comparable within one search). */
  score: number;
  /** Other servers offering a tool of the same name, folded into this result (best match first). */
  alsoOn?: string[];
}

/** Options of `ToolSearchIndex.search`. */
export interface ToolSearchOptions {
  /** Only tools of this (sanitized) server. */
  server?: string;
  /** Only tools of this protocol. */
  protocol?: ToolProtocol;
  /** Maximum number of results (default 10). */
  limit?: number;
  /** Fold tools of the same name on several servers into one result (default true). */
  dedupe?: boolean;
}

/** One ranked server. */
export interface ServerSearchResult {
  /** The sanitized server name. */
  server: string;
  protocol: ToolProtocol;
  score: number;
}

/** How `add` names a layer's tools; a `ToolCatalog` passes its own table. Defaults to the standard naming. */
export interface ToolNaming {
  /** The sanitized server name. */
  server: string;
  /** The prefixed name of one of the layer's tools; undefined leaves the tool out of the index. */
  nameOf(tool: McpToolDef): string | undefined;
}

/** A layer as the index reads it: any tool layer, optionally with a registry category ("Finance"). */
export type IndexableLayer = ToolLayer & { category?: string };

interface ToolEntry {
  prefixedName: string;
  server: string;
  protocol: ToolProtocol;
  toolName: string;
  description: string;
  layerKey: string;
  nameTerms: string[];
}

interface LayerEntry {
  server: string;
  protocol: ToolProtocol;
  tools: ToolEntry[];
}

interface Candidate {
  entry: ToolEntry;
  score: number;
}

/** How much server-level evidence (a query matching a server's name or description) lifts its tools. */
const SERVER_WEIGHT = 0.8;
/** How much a tool whose name words all occur in the query gains (its name "explains" the request). */
const NAME_COVERAGE_WEIGHT = 0.4;
/** Exponent of the matched-terms count a tool's score is multiplied by (coordination). */
const COORDINATION = 0.5;
/** Queries of at most this many words also match word prefixes and near spellings. */
const SHORT_QUERY_TERMS = 3;
const SERVER_BOOST = { name: 2, description: 1, tools: 0.5 };

const splitTerms = (text: string): string[] => (text === '' ? [] : text.split(' '));
const asIs = (term: string): string => term;

/**
 * Ranked retrieval over the tools of many servers, with no network and no model: BM25 (MiniSearch)
 * over each tool's name parts, description and parameters (weighted, stemmed, synonyms, CJK
 * bigrams), plus a second index of servers (name, description, category, tool names) whose match
 * lifts the tools of the servers a query is about. Tools of the same name on several servers are
 * folded into one result. Servers are added, replaced and removed one at a time without
 * rebuilding the rest. No global state: each index is independent.
 */
export class ToolSearchIndex {
  readonly #analyzer = new TextAnalyzer();
  readonly #expander = new QueryExpander(this.#analyzer);
  readonly #tools = new MiniSearch<{ id: string; text: string }>({
    fields: ['text'],
    tokenize: splitTerms,
    processTerm: asIs,
  });
  readonly #servers = new MiniSearch<{ id: string; name: string; description: string; tools: string }>({
    fields: ['name', 'description', 'tools'],
    tokenize: splitTerms,
    processTerm: asIs,
  });
  readonly #entries = new Map<string, ToolEntry>();
  readonly #layers = new Map<string, LayerEntry>();

  /** Number of indexed tools. */
  get size(): number {
    return this.#entries.size;
  }

  /** Indexes a layer's tools, replacing that server+protocol's previous entries. */
  add(layer: IndexableLayer, naming?: ToolNaming): void {
    const server = naming?.server ?? sanitizeServerName(layer.serverName);
    const nameOf =
      naming?.nameOf ??
      ((tool: McpToolDef): string | undefined => prefixedToolName(server, layer.protocol, tool.name));
    const layerKey = keyOf(server, layer.protocol);
    this.#removeLayer(layerKey);
    const entries: ToolEntry[] = [];
    const documents: Array<{ id: string; text: string }> = [];
    for (const tool of layer.tools) {
      const prefixedName = nameOf(tool);
      if (prefixedName === undefined || this.#entries.has(prefixedName)) continue;
      const entry: ToolEntry = {
        prefixedName,
        server,
        protocol: layer.protocol,
        toolName: tool.name,
        description: tool.description ?? tool.title ?? '',
        layerKey,
        nameTerms: [...new Set(this.#analyzer.terms(tool.name))],
      };
      this.#entries.set(prefixedName, entry);
      entries.push(entry);
      documents.push({ id: prefixedName, text: toolSearchText(tool, this.#analyzer) });
    }
    this.#tools.addAll(documents);
    this.#servers.add({
      id: layerKey,
      name: this.#analyzer.terms(layer.serverName).join(' '),
      description: this.#analyzer.terms(`${layer.description ?? ''} ${layer.category ?? ''}`).join(' '),
      tools: this.#analyzer.terms(layer.tools.map((tool) => tool.name).join(' ')).join(' '),
    });
    this.#layers.set(layerKey, { server, protocol: layer.protocol, tools: entries });
  }

  /** Removes every tool of a (sanitized) server, or only those of one protocol. */
  remove(server: string, protocol?: ToolProtocol): void {
    for (const [key, layer] of [...this.#layers]) {
      if (layer.server === server && (protocol === undefined || layer.protocol === protocol)) {
        this.#removeLayer(key);
      }
    }
  }

  /** Ranked search; a query with no meaningful word (empty, stop words only) returns no results. */
  search(query: string, options: ToolSearchOptions = {}): ToolSearchResult[] {
    const limit = Math.max(1, Math.floor(options.limit ?? 10));
    const keep = (entry: ToolEntry) =>
      (options.server === undefined || entry.server === options.server) &&
      (options.protocol === undefined || entry.protocol === options.protocol);
    const ranked = this.#rank(query).filter((candidate) => keep(candidate.entry));
    return options.dedupe === false ? ranked.slice(0, limit).map(toResult) : foldSameNames(ranked, limit);
  }

  /** Servers ranked by how well their name, description, category and tool names match the query. */
  searchServers(query: string, options: { limit?: number } = {}): ServerSearchResult[] {
    const weights = this.#expander.weightedTerms(query);
    const scores = new Map<string, number>();
    const short = countOwnTerms(weights) <= SHORT_QUERY_TERMS;
    for (const [term, weight] of weights) {
      for (const hit of this.#servers.search(term, { ...termOptions(term, short), boost: SERVER_BOOST })) {
        scores.set(hit.id, (scores.get(hit.id) ?? 0) + weight * hit.score);
      }
    }
    return [...scores]
      .flatMap(([key, score]) => {
        const layer = this.#layers.get(key);
        return layer === undefined ? [] : [{ server: layer.server, protocol: layer.protocol, score }];
      })
      .sort((a, b) => b.score - a.score || a.server.localeCompare(b.server))
      .slice(0, Math.max(1, Math.floor(options.limit ?? 10)));
  }

  /** Every candidate tool for a query, best first. */
  #rank(query: string): Candidate[] {
    const weights = this.#expander.weightedTerms(query);
    if (weights.size === 0) return [];
    const short = countOwnTerms(weights) <= SHORT_QUERY_TERMS;
    const toolScores = new Map<string, { score: number; matched: number }>();
    const serverScores = new Map<string, number>();
    const total = Math.max(1, this.#entries.size);
    for (const [term, weight] of weights) {
      const options = termOptions(term, short);
      const hits = this.#tools.search(term, options);
      const rarity = Math.log(1 + (total - hits.length + 0.5) / (hits.length + 0.5));
      for (const hit of hits) {
        const accumulated = toolScores.get(hit.id) ?? { score: 0, matched: 0 };
        accumulated.score += weight * rarity * hit.score;
        accumulated.matched += 1;
        toolScores.set(hit.id, accumulated);
      }
      for (const hit of this.#servers.search(term, { ...options, boost: SERVER_BOOST })) {
        serverScores.set(hit.id, (serverScores.get(hit.id) ?? 0) + weight * rarity * hit.score);
      }
    }
    return this.#combine(toolScores, serverScores, weights);
  }

  /**
   * Tool evidence plus server evidence (each normalized to the best of its kind), plus the share of
   * the tool's name words the query contains.
   */
  #combine(
    toolScores: Map<string, { score: number; matched: number }>,
    serverScores: Map<string, number>,
    weights: Map<string, number>,
  ): Candidate[] {
    const tools = new Map<string, number>();
    let bestTool = 0;
    for (const [id, { score, matched }] of toolScores) {
      const value = score * matched ** COORDINATION;
      tools.set(id, value);
      bestTool = Math.max(bestTool, value);
    }
    const bestServer = Math.max(0, ...serverScores.values());
    const serverPart = (layerKey: string) =>
      bestServer > 0 ? (SERVER_WEIGHT * (serverScores.get(layerKey) ?? 0)) / bestServer : 0;
    const candidates = new Map<string, Candidate>();
    for (const [id, value] of tools) {
      const entry = this.#entries.get(id);
      if (entry === undefined) continue;
      const score =
        value / (bestTool || 1) +
        serverPart(entry.layerKey) +
        NAME_COVERAGE_WEIGHT * nameCoverage(entry, weights);
      candidates.set(id, { entry, score });
    }
    return [...candidates.values()].sort(
      (a, b) => b.score - a.score || a.entry.prefixedName.localeCompare(b.entry.prefixedName),
    );
  }

  #removeLayer(key: string): void {
    const layer = this.#layers.get(key);
    if (layer === undefined) return;
    for (const entry of layer.tools) {
      this.#tools.discard(entry.prefixedName);
      this.#entries.delete(entry.prefixedName);
    }
    this.#servers.discard(key);
    this.#layers.delete(key);
  }
}

/** The weighted share of a tool's name words that the (expanded) query contains, 0 to 1. */
function nameCoverage(entry: ToolEntry, weights: Map<string, number>): number {
  if (entry.nameTerms.length === 0) return 0;
  let covered = 0;
  for (const term of entry.nameTerms) covered += weights.get(term) ?? 0;
  return covered / entry.nameTerms.length;
}

function keyOf(server: string, protocol: ToolProtocol): string {
  return `${protocol}:${server}`;
}

function countOwnTerms(weights: Map<string, number>): number {
  let count = 0;
  for (const weight of weights.values()) if (weight === 1) count++;
  return count;
}

/** Exact-term search, plus prefixes and near spellings of longer words in short queries. */
function termOptions(term: string, short: boolean): SearchOptions {
  if (isEncodedCjk(term)) return { tokenize: (text) => [text], processTerm: asIs };
  return {
    tokenize: (text) => [text],
    processTerm: asIs,
    prefix: short && term.length >= 4,
    fuzzy: short && term.length >= 5 ? 0.2 : false,
    maxFuzzy: 2,
  };
}

function toResult(candidate: Candidate): ToolSearchResult {
  const { prefixedName, server, protocol, toolName, description } = candidate.entry;
  return { prefixedName, server, protocol, toolName, description, score: candidate.score };
}

/** The best `limit` results, each tool name once: later same-named tools become `alsoOn` servers. */
function foldSameNames(ranked: Candidate[], limit: number): ToolSearchResult[] {
  const results: ToolSearchResult[] = [];
  const byName = new Map<string, ToolSearchResult>();
  for (const candidate of ranked) {
    const key = candidate.entry.toolName.toLowerCase();
    const first = byName.get(key);
    if (first !== undefined) {
      if (first.server !== candidate.entry.server)
        first.alsoOn = [...(first.alsoOn ?? []), candidate.entry.server];
      continue;
    }
    if (results.length >= limit) continue;
    const result = toResult(candidate);
    byName.set(key, result);
    results.push(result);
  }
  return results;
}
