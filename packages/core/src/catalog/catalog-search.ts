import type { DenseRetrieval } from '../discovery/dense/dense-retrieval.ts';
import { DenseToolRanker } from '../discovery/dense/dense-tool-ranker.ts';
import { denseToolText } from '../discovery/dense/dense-tool-text.ts';
import { FUSED_DEPTH, ToolSearchIndex, type ToolSearchOptions } from '../discovery/tool-search-index.ts';
import type { ToolSearchResult } from '../discovery/tool-search-result.ts';
import type { McpToolDef } from '../types/index.ts';
import type { CatalogServer } from './catalog-server.ts';
import type { ParsedToolName } from './parsed-tool-name.ts';

/** What the search reads from its catalog. */
export interface CatalogSearchSource {
  /** The catalog's servers, in order. */
  servers(): readonly CatalogServer[];
  /** The definition of a real tool, by its prefixed name. */
  toolOf(name: string): McpToolDef;
  /** What a prefixed name refers to. */
  parse(name: string): ParsedToolName | undefined;
}

/**
 * The search over a catalog's real tools: the lexical index, built on first use and kept up to date
 * server by server, fused with dense retrieval when the catalog is given one.
 */
export class CatalogSearch {
  readonly #source: CatalogSearchSource;
  readonly #retrieval: DenseRetrieval | undefined;
  #index: ToolSearchIndex | undefined;
  /** Dense ranking of the indexed tools, when there is a dense retrieval. */
  #dense: DenseToolRanker | undefined;

  constructor(source: CatalogSearchSource, retrieval: DenseRetrieval | undefined) {
    this.#source = source;
    this.#retrieval = retrieval;
  }

  /** The index over every real tool of the catalog, built on first use and kept up to date. */
  get index(): ToolSearchIndex {
    if (this.#index === undefined) {
      const index = new ToolSearchIndex();
      if (this.#retrieval !== undefined) this.#dense = new DenseToolRanker(this.#retrieval);
      this.#index = index;
      for (const entry of this.#source.servers()) this.#add(index, entry);
    }
    return this.#index;
  }

  /** Follows a server set in the catalog (`replaced` is the server it takes the place of). */
  set(entry: CatalogServer, replaced: CatalogServer | undefined): void {
    if (replaced !== undefined) for (const name of replaced.toolNames) this.#dense?.remove(name);
    if (this.#index !== undefined) this.#add(this.#index, entry);
  }

  /** Follows a server removed from the catalog. */
  remove(entry: CatalogServer): void {
    this.#index?.remove(entry.server, entry.protocol);
    for (const name of entry.toolNames) this.#dense?.remove(name);
  }

  /** Lexical ranked search. */
  search(query: string, options: ToolSearchOptions = {}): ToolSearchResult[] {
    return this.index.search(query, options);
  }

  /**
   * Ranked search for each query, fused with dense retrieval when there is one; lexical alone
   * without, or when the embeddings endpoint fails or misses its deadline (the retrieval logs it).
   */
  async rank(queries: readonly string[], options: ToolSearchOptions = {}): Promise<ToolSearchResult[][]> {
    const index = this.index;
    const dense = await this.#denseRankings(queries, options);
    return queries.map((query, position) =>
      index.search(query, dense === undefined ? options : { ...options, dense: dense[position] }),
    );
  }

  /** Each query's dense ranking of the tools `options` keeps, or undefined without dense retrieval. */
  async #denseRankings(
    queries: readonly string[],
    options: ToolSearchOptions,
  ): Promise<string[][] | undefined> {
    const retrieval = this.#retrieval;
    if (retrieval === undefined || this.#dense === undefined) return undefined;
    const keep = (name: string) => {
      const parsed = this.#source.parse(name);
      return (
        parsed?.kind === 'tool' &&
        (options.server === undefined || parsed.server === options.server) &&
        (options.protocol === undefined || parsed.protocol === options.protocol)
      );
    };
    try {
      const rankings = await this.#dense.rank(queries, FUSED_DEPTH, keep);
      retrieval.worked();
      return rankings;
    } catch (error) {
      retrieval.fellBack(error);
      return undefined;
    }
  }

  #add(index: ToolSearchIndex, entry: CatalogServer): void {
    const names = new Map(entry.toolNames.map((name) => [this.#source.toolOf(name), name]));
    index.add(entry.layer, { server: entry.server, nameOf: (tool) => names.get(tool) });
    this.#dense?.add(
      entry.toolNames.map((name) => ({ id: name, text: denseToolText(this.#source.toolOf(name)) })),
    );
  }
}
