import MiniSearch, { type SearchOptions } from 'minisearch';
import { sanitizeServerName } from '../catalog/sanitize-server-name.ts';
import { prefixedToolName } from '../catalog/tool-name.ts';
import type { McpToolDef, ToolLayer, ToolProtocol } from '../types/index.ts';
import { isEncodedCjk, TextAnalyzer } from './analyze-text.ts';
import { QueryExpander } from './query-terms.ts';
import { FieldStatistics } from './field-statistics.ts';
import { toolSearchFields } from './tool-search-text.ts';

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

/** Per-term evidence found for one tool. */
interface ToolEvidence {
  score: number;
  matched: number;
  terms: Set<string>;
}

const P = {
  k1: 1.2,
  name: { weight: 3, b: 0.5 },
  summary: { weight: 1, b: 0.5 },
  description: { weight: 1, b: 0.75 },
  parameters: { weight: 0.5, b: 0.75 },
  serverName: { weight: 1, b: 0.5 },
  serverDescription: { weight: 0.5, b: 0.75 },
  serverTools: { weight: 0, b: 0.75 },
  serverText: 0.5,
  serverAggregate: 0.5,
  aggregate: 'max',
  coordination: 0.5,
  nameCoverage: 0.4,
  derived: 0.4,
  short: 3,
  ...(JSON.parse(process.env.RANK ?? '{}') as Record<string, never>),
};

const splitTerms = (text: string): string[] => (text === '' ? [] : text.split(' '));
const asIs = (term: string): string => term;

/**
 * Ranked retrieval over the tools of many servers, with no network and no model.
 */
export class ToolSearchIndex {
  readonly #analyzer = new TextAnalyzer();
  readonly #expander = new QueryExpander(this.#analyzer);
  readonly #tools = new MiniSearch<{ id: string; text: string }>({
    fields: ['text'],
    tokenize: splitTerms,
    processTerm: asIs,
  });
  readonly #servers = new MiniSearch<{ id: string; text: string }>({
    fields: ['text'],
    tokenize: splitTerms,
    processTerm: asIs,
  });
  readonly #toolStats = new FieldStatistics({
    name: P.name,
    summary: P.summary,
    description: P.description,
    parameters: P.parameters,
  });
  readonly #serverStats = new FieldStatistics({
    name: P.serverName,
    description: P.serverDescription,
    tools: P.serverTools,
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
      const fields = toolSearchFields(tool, this.#analyzer);
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
      this.#toolStats.add(prefixedName, fields);
      const text = [...new Set([...fields.name, ...fields.description, ...fields.parameters])].join(' ');
      documents.push({ id: prefixedName, text });
    }
    this.#tools.addAll(documents);
    const serverFields = {
      name: this.#analyzer.terms(layer.serverName),
      description: this.#analyzer.terms(`${layer.description ?? ''} ${layer.category ?? ''}`),
      tools: this.#analyzer.terms(layer.tools.map((tool) => tool.name).join(' ')),
    };
    this.#serverStats.add(layerKey, serverFields);
    const serverText = [...new Set([...serverFields.name, ...serverFields.description, ...(P.serverTools.weight > 0 ? serverFields.tools : [])])];
    this.#servers.add({ id: layerKey, text: serverText.join(' ') });
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
    const short = countOwnTerms(weights) <= P.short;
    const scores = this.#serverTextScores(weights, short);
    return [...scores]
      .flatMap(([key, score]) => {
        const layer = this.#layers.get(key);
        return layer === undefined ? [] : [{ server: layer.server, protocol: layer.protocol, score }];
      })
      .sort((a, b) => b.score - a.score || a.server.localeCompare(b.server))
      .slice(0, Math.max(1, Math.floor(options.limit ?? 10)));
  }

  #serverTextScores(weights: Map<string, number>, short: boolean): Map<string, number> {
    const scores = new Map<string, number>();
    const total = Math.max(1, this.#serverStats.size);
    for (const [term, weight] of weights) {
      const frequencies = this.#frequencies(this.#servers, this.#serverStats, term, short);
      const rarity = idf(total, frequencies.size);
      for (const [key, frequency] of frequencies) {
        scores.set(key, (scores.get(key) ?? 0) + weight * rarity * saturate(frequency));
      }
    }
    return scores;
  }

  /** Pseudo frequencies of a term (and, in short queries, its prefixes and near spellings) per document. */
  #frequencies(
    index: MiniSearch<{ id: string; text: string }>,
    stats: FieldStatistics<string>,
    term: string,
    short: boolean,
  ): Map<string, number> {
    const frequencies = new Map<string, number>();
    for (const hit of index.search(term, termOptions(term, short))) {
      let best = 0;
      for (const derived of Object.keys(hit.match)) {
        const factor = derived === term ? 1 : P.derived;
        best = Math.max(best, factor * stats.frequency(hit.id, derived));
      }
      if (best > 0) frequencies.set(hit.id, best);
    }
    return frequencies;
  }

  /** Every candidate tool for a query, best first. */
  #rank(query: string): Candidate[] {
    const weights = this.#expander.weightedTerms(query);
    if (weights.size === 0) return [];
    const short = countOwnTerms(weights) <= P.short;
    const evidence = new Map<string, ToolEvidence>();
    const total = Math.max(1, this.#entries.size);
    for (const [term, weight] of weights) {
      const frequencies = this.#frequencies(this.#tools, this.#toolStats, term, short);
      const serverFrequencies = this.#frequencies(this.#servers, this.#serverStats, term, short);
      for (const [key, frequency] of serverFrequencies) {
        for (const entry of this.#layers.get(key)?.tools ?? []) {
          frequencies.set(entry.prefixedName, (frequencies.get(entry.prefixedName) ?? 0) + frequency);
        }
      }
      const rarity = idf(total, frequencies.size);
      for (const [id, frequency] of frequencies) {
        let found = evidence.get(id);
        if (found === undefined) {
          found = { score: 0, matched: 0, terms: new Set() };
          evidence.set(id, found);
        }
        found.score += weight * rarity * saturate(frequency);
        found.matched += 1;
        found.terms.add(term);
      }
    }
    const serverText = P.serverText > 0 ? this.#serverTextScores(weights, short) : new Map<string, number>();
    return this.#combine(evidence, serverText, weights);
  }

  #combine(
    evidence: Map<string, ToolEvidence>,
    serverText: Map<string, number>,
    weights: Map<string, number>,
  ): Candidate[] {
    const tools = new Map<string, number>();
    let bestTool = 0;
    const aggregate = new Map<string, number>();
    for (const [id, { score, matched }] of evidence) {
      const value = score * matched ** P.coordination;
      tools.set(id, value);
      bestTool = Math.max(bestTool, value);
      const key = this.#entries.get(id)?.layerKey ?? '';
      aggregate.set(key, Math.max(aggregate.get(key) ?? 0, value));
    }
    const bestServer = Math.max(0, ...serverText.values());
    const bestAggregate = Math.max(0, ...aggregate.values());
    const serverPart = (layerKey: string) =>
      (bestServer > 0 ? (P.serverText * (serverText.get(layerKey) ?? 0)) / bestServer : 0) +
      (bestAggregate > 0 ? (P.serverAggregate * (aggregate.get(layerKey) ?? 0)) / bestAggregate : 0);
    const candidates: Candidate[] = [];
    for (const [id, value] of tools) {
      const entry = this.#entries.get(id);
      if (entry === undefined) continue;
      const score =
        value / (bestTool || 1) + serverPart(entry.layerKey) + P.nameCoverage * nameCoverage(entry, weights);
      candidates.push({ entry, score });
    }
    return candidates.sort(
      (a, b) => b.score - a.score || a.entry.prefixedName.localeCompare(b.entry.prefixedName),
    );
  }

  #removeLayer(key: string): void {
    const layer = this.#layers.get(key);
    if (layer === undefined) return;
    for (const entry of layer.tools) {
      this.#tools.discard(entry.prefixedName);
      this.#toolStats.remove(entry.prefixedName);
      this.#entries.delete(entry.prefixedName);
    }
    this.#servers.discard(key);
    this.#serverStats.remove(key);
    this.#layers.delete(key);
  }
}

function idf(total: number, count: number): number {
  return Math.log(1 + (total - count + 0.5) / (count + 0.5));
}

function saturate(frequency: number): number {
  return (frequency * (P.k1 + 1)) / (P.k1 + frequency);
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
