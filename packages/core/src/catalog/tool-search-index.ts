import MiniSearch from 'minisearch';
import type { JsonSchema, McpToolDef, ToolLayer, ToolProtocol } from '../types/index.ts';
import { isPlainObject } from './is-plain-object.ts';
import { sanitizeServerName } from './sanitize-server-name.ts';
import { normalizeSearchTerm, tokenizeForSearch } from './search-terms.ts';
import { prefixedToolName } from './tool-name.ts';

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
  /** BM25 relevance (higher is better; only comparable within one search). */
  score: number;
}

/** Options of `ToolSearchIndex.search`. */
export interface ToolSearchOptions {
  /** Only tools of this (sanitized) server. */
  server?: string;
  /** Only tools of this protocol. */
  protocol?: ToolProtocol;
  /** Maximum number of results (default 10). */
  limit?: number;
}

/** How `add` names a layer's tools; a `ToolCatalog` passes its own table. Defaults to the standard naming. */
export interface ToolNaming {
  /** The sanitized server name. */
  server: string;
  /** The prefixed name of one of the layer's tools. */
  nameOf(tool: McpToolDef): string;
}

interface ToolDocument {
  id: string;
  server: string;
  protocol: ToolProtocol;
  toolName: string;
  description: string;
  name: string;
  params: string;
  serverText: string;
}

/** Field weights: the tool's name words matter most, then its description, then parameters. */
const BOOST = { name: 2, description: 1, params: 0.5, serverText: 0.5 };

/**
 * A ranked full-text index over tools (BM25 via MiniSearch): tool name parts (snake/camel/kebab split),
 * description, parameter names and descriptions, server name and description, with field boosts,
 * prefix matching for terms of 4+ characters and fuzzy matching for 5+. Servers are added and removed
 * incrementally. No global state: each index is independent.
 */
export class ToolSearchIndex {
  readonly #search = new MiniSearch<ToolDocument>({
    fields: ['name', 'description', 'params', 'serverText'],
    storeFields: ['server', 'protocol', 'toolName', 'description'],
    tokenize: tokenizeForSearch,
    processTerm: normalizeSearchTerm,
    searchOptions: {
      boost: BOOST,
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 2,
      combineWith: 'OR',
    },
  });
  /** `{server}\0{protocol}` → the documents of that layer (kept to remove them exactly). */
  readonly #byLayer = new Map<string, ToolDocument[]>();

  /** Number of indexed tools. */
  get size(): number {
    return this.#search.documentCount;
  }

  /** Indexes a layer's tools, replacing that server+protocol's previous entries. */
  add(layer: ToolLayer, naming?: ToolNaming): void {
    const server = naming?.server ?? sanitizeServerName(layer.serverName);
    const nameOf =
      naming?.nameOf ?? ((tool: McpToolDef) => prefixedToolName(server, layer.protocol, tool.name));
    this.#removeLayer(`${server}\u0000${layer.protocol}`);
    const serverText = `${layer.serverName} ${layer.description ?? ''}`;
    const seen = new Set<string>();
    const documents: ToolDocument[] = [];
    for (const tool of layer.tools) {
      const id = nameOf(tool);
      if (seen.has(id)) continue;
      seen.add(id);
      documents.push({
        id,
        server,
        protocol: layer.protocol,
        toolName: tool.name,
        description: tool.description ?? tool.title ?? '',
        name: `${tool.name} ${tool.title ?? ''}`,
        params: parameterText(tool.inputSchema),
        serverText,
      });
    }
    this.#search.addAll(documents);
    this.#byLayer.set(`${server}\u0000${layer.protocol}`, documents);
  }

  /** Removes every tool of a (sanitized) server, or only those of one protocol. */
  remove(server: string, protocol?: ToolProtocol): void {
    for (const key of [...this.#byLayer.keys()]) {
      const [keyServer, keyProtocol] = key.split('\u0000');
      if (keyServer === server && (protocol === undefined || keyProtocol === protocol))
        this.#removeLayer(key);
    }
  }

  /** Ranked search; an empty or stop-word-only query returns no results. */
  search(query: string, options: ToolSearchOptions = {}): ToolSearchResult[] {
    const limit = Math.max(1, Math.floor(options.limit ?? 10));
    const hits = this.#search.search(query, {
      filter: (hit) =>
        (options.server === undefined || hit.server === options.server) &&
        (options.protocol === undefined || hit.protocol === options.protocol),
    });
    return hits.slice(0, limit).map((hit) => ({
      prefixedName: hit.id as string,
      server: hit.server as string,
      protocol: hit.protocol as ToolProtocol,
      toolName: hit.toolName as string,
      description: hit.description as string,
      score: hit.score,
    }));
  }

  #removeLayer(key: string): void {
    const documents = this.#byLayer.get(key);
    if (documents === undefined) return;
    for (const document of documents) this.#search.remove(document);
    this.#byLayer.delete(key);
  }
}

/** Parameter names and descriptions of a schema, nested properties included. */
function parameterText(schema: JsonSchema, depth = 0): string {
  if (!isPlainObject(schema.properties) || depth > 3) return '';
  const parts: string[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    parts.push(name);
    if (isPlainObject(property)) {
      if (typeof property.description === 'string') parts.push(property.description);
      parts.push(parameterText(property, depth + 1));
      if (isPlainObject(property.items)) parts.push(parameterText(property.items, depth + 1));
    }
  }
  return parts.filter((part) => part !== '').join(' ');
}
