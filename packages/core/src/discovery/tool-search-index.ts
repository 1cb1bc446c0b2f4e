import { sanitizeServerName } from '../naming/sanitize-server-name.ts';
import { prefixedToolName } from '../naming/tool-name.ts';
import type { McpToolDef, ToolLayer, ToolProtocol } from '../types/index.ts';
import { TextAnalyzer } from './analyze-text.ts';
import { combineToolScores, type ToolEvidence } from './combine-tool-scores.ts';
import { type CommonWords, conceptScores, rarity } from './concept-scores.ts';
import { fusedScores } from './dense/fuse-rankings.ts';
import { FieldStatistics } from './field-statistics.ts';
import { foldSameNames, toResult } from './fold-same-names.ts';
import type { IndexedTool, ScoredTool } from './indexed-tool.ts';
import { type QueryConcept, QueryExpander } from './query-terms.ts';
import { remember } from './remember.ts';
import {
  PAIR_WEIGHT,
  SERVER_FIELD_WEIGHTS,
  SHARED_FIELD_WEIGHTS,
  TOOL_FIELD_WEIGHTS,
} from './search-weights.ts';
import { once, TermIndex, type TermMatches, termMatches } from './term-matches.ts';
import { TermPairs } from './term-pairs.ts';
import type { ServerSearchResult, ToolSearchResult } from './tool-search-result.ts';
import { toolSearchFields } from './tool-search-text.ts';
import { Vocabulary } from './vocabulary.ts';

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
  /**
   * A dense (embedding) ranking of prefixed tool names for the same query, best first: the results
   * are then both rankings' first {@link FUSED_DEPTH} fused by reciprocal rank fusion.
   */
  dense?: readonly string[];
}

/** How many results of the lexical and of the dense ranking reciprocal rank fusion reads. */
export const FUSED_DEPTH = 50;

/** How `add` names a layer's tools; a `ToolCatalog` passes its own table. Defaults to the standard naming. */
export interface ToolNaming {
  /** The sanitized server name. */
  server: string;
  /** The prefixed name of one of the layer's tools; undefined leaves the tool out of the index. */
  nameOf(tool: McpToolDef): string | undefined;
}

/** A layer as the index reads it: any tool layer, optionally with a registry category ("Finance"). */
export type IndexableLayer = ToolLayer & { category?: string };

interface LayerEntry {
  server: string;
  protocol: ToolProtocol;
  tools: IndexedTool[];
  /** The distinct terms of the layer's tools and server, as counted in the vocabulary. */
  terms: string[];
}

/** Queries of at most this many words also match word prefixes and near spellings. */
const SHORT_QUERY_TERMS = 3;
/**
 * In longer queries, a word (or synonym) held by at least {@link COMMON_WORD_TOOLS} tools whose
 * weighted rarity is below this share of the rarest word's is skipped: it says little about which
 * tool fits, and scoring its hundreds of tools would cost most of the search — a stop list the
 * catalog computes for itself. (Should that leave nothing, nothing is skipped.)
 */
const MIN_RARITY_SHARE = 0.03;
/** See {@link MIN_RARITY_SHARE}: small catalogs keep every word. */
const COMMON_WORD_TOOLS = 100;

/**
 * Ranked retrieval over the tools of many servers, with no network and no model. A term index finds
 * the tools and servers holding each query word (or, in short queries, its prefixes and near
 * spellings); the ranking is BM25F over a tool's name, description and parameters plus the fields
 * it shares with its server (server name, description, category), with text analysis (identifier
 * splitting, stemming, CJK bigrams), synonyms as weaker alternatives of a word, query words weighted
 * by rarity, a bonus for neighbouring query words found side by side, and server-level evidence
 * (the server's name, description, category and tool names, and its best tool) blended into every
 * tool's score.
 * Tools of the same name on several servers are folded into one result. Servers are added,
 * replaced and removed one at a time without rebuilding the rest. No global state: each index is
 * independent.
 */
export class ToolSearchIndex {
  readonly #analyzer = new TextAnalyzer();
  readonly #expander = new QueryExpander(this.#analyzer);
  readonly #tools = new TermIndex();
  readonly #servers = new TermIndex();
  readonly #toolStats = new FieldStatistics(TOOL_FIELD_WEIGHTS);
  readonly #serverStats = new FieldStatistics(SERVER_FIELD_WEIGHTS);
  readonly #sharedStats = new FieldStatistics(SHARED_FIELD_WEIGHTS);
  readonly #pairs = new TermPairs();
  readonly #vocabulary = new Vocabulary();
  readonly #known = (term: string): boolean => this.#vocabulary.has(term);
  readonly #entries = new Map<string, IndexedTool>();
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
    const entries: IndexedTool[] = [];
    const documents: string[][] = [];
    for (const tool of layer.tools) {
      const prefixedName = nameOf(tool);
      if (prefixedName === undefined || this.#entries.has(prefixedName)) continue;
      const fields = toolSearchFields(tool, this.#analyzer);
      const entry: IndexedTool = {
        prefixedName,
        server,
        protocol: layer.protocol,
        toolName: tool.name,
        description: tool.description ?? tool.title ?? '',
        layerKey,
        foldKey: tool.name.toLowerCase(),
        nameTerms: [...new Set(this.#analyzer.terms(tool.name))],
      };
      this.#entries.set(prefixedName, entry);
      entries.push(entry);
      this.#toolStats.add(prefixedName, fields);
      this.#pairs.add(prefixedName, [fields.name, fields.summary]);
      const terms = uniqueTerms(fields.name, fields.description, fields.parameters);
      this.#tools.add(prefixedName, terms);
      documents.push(terms);
    }
    const serverFields = {
      name: this.#analyzer.terms(layer.serverName),
      description: this.#analyzer.terms(`${layer.description ?? ''} ${layer.category ?? ''}`),
      tools: this.#analyzer.terms(layer.tools.map((tool) => tool.name).join(' ')),
    };
    this.#serverStats.add(layerKey, serverFields);
    this.#sharedStats.add(layerKey, serverFields);
    this.#servers.add(layerKey, uniqueTerms(serverFields.name, serverFields.description, serverFields.tools));
    const terms = [...new Set([...documents.flat(), ...Object.values(serverFields).flat()])];
    this.#vocabulary.add(terms);
    this.#layers.set(layerKey, { server, protocol: layer.protocol, tools: entries, terms });
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
    const keep = (entry: IndexedTool) =>
      (options.server === undefined || entry.server === options.server) &&
      (options.protocol === undefined || entry.protocol === options.protocol);
    const lexical = this.#rank(query).filter((candidate) => keep(candidate.entry));
    const ranked = options.dense === undefined ? lexical : this.#fuse(lexical, options.dense, keep);
    return options.dedupe === false ? ranked.slice(0, limit).map(toResult) : foldSameNames(ranked, limit);
  }

  /** Servers ranked by how well their name, description, category and tool names match the query. */
  searchServers(query: string, options: { limit?: number } = {}): ServerSearchResult[] {
    const concepts = this.#expander.concepts(query, this.#known);
    const short = concepts.length <= SHORT_QUERY_TERMS;
    const matchesOf = (term: string) =>
      termMatches(this.#servers.search(term, short), this.#serverStats, term);
    return [...this.#serverTextScores(concepts, matchesOf)]
      .flatMap(([key, score]) => {
        const layer = this.#layers.get(key);
        return layer === undefined ? [] : [{ server: layer.server, protocol: layer.protocol, score }];
      })
      .sort((a, b) => b.score - a.score || a.server.localeCompare(b.server))
      .slice(0, Math.max(1, Math.floor(options.limit ?? 10)));
  }

  /** The lexical ranking fused with a dense one (reciprocal rank fusion of both first {@link FUSED_DEPTH}). */
  #fuse(
    lexical: ScoredTool[],
    dense: readonly string[],
    keep: (entry: IndexedTool) => boolean,
  ): ScoredTool[] {
    const kept = dense.filter((id) => {
      const entry = this.#entries.get(id);
      return entry !== undefined && keep(entry);
    });
    const rankings = [
      lexical.slice(0, FUSED_DEPTH).map((candidate) => candidate.entry.prefixedName),
      kept.slice(0, FUSED_DEPTH),
    ];
    return fusedScores(rankings).map(([id, score]) => ({
      entry: this.#entries.get(id) as IndexedTool,
      score,
    }));
  }

  /** Every candidate tool for a query, best first. */
  #rank(query: string): ScoredTool[] {
    const concepts = this.#expander.concepts(query, this.#known);
    if (concepts.length === 0) return [];
    const short = concepts.length <= SHORT_QUERY_TERMS;
    const total = Math.max(1, this.#entries.size);
    const serverHits = remember((term: string) => this.#servers.search(term, short));
    const serverMatches = remember((term: string) => termMatches(serverHits(term), this.#serverStats, term));
    const matchesOf = remember((term: string) =>
      this.#toolMatches(term, short, termMatches(serverHits(term), this.#sharedStats, term)),
    );
    const common = short
      ? undefined
      : { rarity: MIN_RARITY_SHARE * rarity(total, 0), count: COMMON_WORD_TOOLS };
    let evidence = this.#evidence(concepts, matchesOf, common);
    if (evidence.size === 0 && common !== undefined) evidence = this.#evidence(concepts, matchesOf);
    for (const pair of this.#expander.pairs(query)) {
      const holders = this.#pairs.holders(pair);
      if (holders.size === 0) continue;
      const bonus = PAIR_WEIGHT * rarity(total, holders.size);
      for (const id of holders) {
        const tool = evidence.get(id);
        if (tool !== undefined) tool.score += bonus;
      }
    }
    return combineToolScores(
      evidence,
      this.#serverTextScores(concepts, serverMatches),
      concepts,
      this.#entries,
    );
  }

  /** Each tool's summed concept scores and matched-concept count, `common` words left out. */
  #evidence(
    concepts: readonly QueryConcept[],
    matchesOf: (term: string) => TermMatches,
    common?: CommonWords,
  ): Map<string, ToolEvidence> {
    const total = Math.max(1, this.#entries.size);
    const evidence = new Map<string, ToolEvidence>();
    for (const concept of concepts) {
      for (const [id, score] of conceptScores(concept, matchesOf, total, common)) {
        const tool = evidence.get(id);
        if (tool === undefined) evidence.set(id, { score, matched: 1 });
        else {
          tool.score += score;
          tool.matched += 1;
        }
      }
    }
    return evidence;
  }

  /**
   * The tools a term reaches through their own fields or through the fields they share with their
   * server, each with the sum of both pseudo frequencies.
   */
  #toolMatches(term: string, short: boolean, shared: TermMatches): TermMatches {
    const own = termMatches(this.#tools.search(term, short), this.#toolStats, term);
    const servers =
      shared.count === 0 ? [] : [...shared.frequencies()].filter(([, frequency]) => frequency > 0);
    let count = own.count;
    for (const [key] of servers) {
      for (const entry of this.#layers.get(key)?.tools ?? []) if (!own.has(entry.prefixedName)) count++;
    }
    return {
      count,
      frequencies: once(() => {
        const frequencies = new Map(own.frequencies());
        for (const [key, frequency] of servers) {
          for (const entry of this.#layers.get(key)?.tools ?? []) {
            frequencies.set(entry.prefixedName, (frequencies.get(entry.prefixedName) ?? 0) + frequency);
          }
        }
        return frequencies;
      }),
    };
  }

  /** BM25F scores of the servers' own text (name, description and category, tool names). */
  #serverTextScores(
    concepts: readonly QueryConcept[],
    matchesOf: (term: string) => TermMatches,
  ): Map<string, number> {
    const total = Math.max(1, this.#serverStats.size);
    const scores = new Map<string, number>();
    for (const concept of concepts) {
      for (const [key, score] of conceptScores(concept, matchesOf, total)) {
        scores.set(key, (scores.get(key) ?? 0) + score);
      }
    }
    return scores;
  }

  #removeLayer(key: string): void {
    const layer = this.#layers.get(key);
    if (layer === undefined) return;
    for (const entry of layer.tools) {
      this.#tools.discard(entry.prefixedName);
      this.#toolStats.remove(entry.prefixedName);
      this.#pairs.remove(entry.prefixedName);
      this.#entries.delete(entry.prefixedName);
    }
    this.#vocabulary.remove(layer.terms);
    this.#servers.discard(key);
    this.#serverStats.remove(key);
    this.#sharedStats.remove(key);
    this.#layers.delete(key);
  }
}

function uniqueTerms(...fields: ReadonlyArray<readonly string[]>): string[] {
  return [...new Set(fields.flat())];
}

function keyOf(server: string, protocol: ToolProtocol): string {
  return `${protocol}:${server}`;
}
