import {
  checkDiscoveryOptions,
  type DiscoveryMode,
  resolveDiscoveryMode,
} from '../discovery/discovery-mode.ts';
import { GLOBAL_TOOL_NAMES, type GlobalToolKind, globalToolDefinition } from '../discovery/global-tools.ts';
import type { ToolSearchIndex, ToolSearchOptions } from '../discovery/tool-search-index.ts';
import type { ToolSearchResult } from '../discovery/tool-search-result.ts';
import { sanitizeServerName } from '../naming/sanitize-server-name.ts';
import { isPlainObject } from '../shared/is-plain-object.ts';
import { restoreArgs } from '../strict-schema/restore-args.ts';
import { type SanitizedSchema, sanitizeSchema } from '../strict-schema/sanitize-schema.ts';
import type { JsonSchema, McpToolDef, ProviderTool, ToolLayer, ToolProtocol } from '../types/index.ts';
import { answerGlobalTool } from './answer-global-tool.ts';
import { answerPseudoTool, type PseudoToolSource } from './answer-pseudo-tool.ts';
import { buildLayerEntries } from './build-layer-entries.ts';
import type { CatalogEntry, CatalogNames, OwnedNames } from './catalog-names.ts';
import { CatalogSearch } from './catalog-search.ts';
import { type CatalogServer, DISCOVERY_ORDER, displayToolNames, sameServer } from './catalog-server.ts';
import { fitToolDescription, MAX_TOOL_DESCRIPTION } from './fit-tool-description.ts';
import type { GlobalToolSource } from './global-tool-source.ts';
import type {
  ParsedGlobalTool,
  ParsedPseudoTool,
  ParsedRealTool,
  ParsedToolName,
} from './parsed-tool-name.ts';
import type { PseudoToolAnswer } from './pseudo-tool-answer.ts';
import { renderSystemPrompt } from './system-prompt.ts';
import type { ToolCatalogOptions } from './tool-catalog-options.ts';

export type { CatalogServer, DiscoveryRole } from './catalog-server.ts';
export type {
  ParsedGlobalTool,
  ParsedPseudoTool,
  ParsedRealTool,
  ParsedToolName,
} from './parsed-tool-name.ts';
export type { ToolCatalogOptions } from './tool-catalog-options.ts';

/**
 * The tool catalog of one conversation or loop: prefixed names for every tool of every layer (a name
 * table; parsing is always a lookup, never a regex), the alias table (canonical recipe roles → real
 * names), pseudo-tools answered locally, provider-ready tools with strict-mode schemas, and the
 * mapping of strict-mode arguments back to the original schemas. No module-level state: catalogs are
 * independent objects. Servers can be added, replaced (tools/list_changed) and removed one at a time
 * with `setLayer` / `removeLayer`; the search index follows without a rebuild.
 */
export class ToolCatalog {
  readonly #options: ToolCatalogOptions;
  readonly #table = new Map<string, CatalogEntry>();
  readonly #aliases = new Map<string, string>();
  /** The two tables above, as the layer builders see them. */
  readonly #names: CatalogNames = { table: this.#table, aliases: this.#aliases };
  readonly #servers: CatalogServer[] = [];
  readonly #byLayer = new Map<ToolLayer, CatalogServer>();
  readonly #owned = new Map<CatalogServer, OwnedNames>();
  /** Search over the real tools (lexical, fused with dense retrieval when the options give one). */
  readonly #search: CatalogSearch;
  /** The rendered system prompt, until a server is set or removed. */
  #prompt: string | undefined;

  constructor(layers: readonly ToolLayer[], options: ToolCatalogOptions = {}) {
    this.#options = options;
    this.#search = new CatalogSearch(
      {
        servers: () => this.#servers,
        toolOf: (name) => this.#toolOf(name),
        parse: (name) => this.#table.get(name)?.parsed,
      },
      options.dense,
    );
    checkDiscoveryOptions(options.discovery ?? {});
    this.#registerGlobalTools();
    for (const layer of layers) {
      if (this.#byLayer.has(layer)) continue;
      const entry = this.#addLayer(layer, this.#freeServerName(layer));
      this.#servers.push(entry);
      this.#byLayer.set(layer, entry);
    }
    for (const [alias, target] of Object.entries(options.aliases ?? {})) {
      if (!this.#table.has(this.resolveAlias(target))) {
        throw new Error(`Alias "${alias}" points to "${target}", which is not a tool of this catalog.`);
      }
    }
    this.#applyUserAliases();
  }

  /** The servers, in layer order (a replaced layer keeps its place; new ones come last). */
  get servers(): readonly CatalogServer[] {
    return this.#servers;
  }

  /** `global` above the threshold number of servers (or when forced), else `per-server`. */
  get discoveryMode(): DiscoveryMode {
    return resolveDiscoveryMode(this.#servers.length, this.#options.discovery);
  }

  /**
   * Adds a layer, or replaces the layer with the same `serverName` and protocol (e.g. after
   * tools/list_changed) in place: same position, same sanitized server name. Only that server is
   * re-indexed. Returns the catalog's view of the layer.
   */
  setLayer(layer: ToolLayer): CatalogServer {
    const existing =
      this.#byLayer.get(layer) ?? this.#servers.find((entry) => sameServer(entry.layer, layer));
    const position = existing === undefined ? this.#servers.length : this.#servers.indexOf(existing);
    const server = existing?.server ?? this.#freeServerName(layer);
    if (existing !== undefined) this.#forget(existing);
    const entry = this.#addLayer(layer, server);
    this.#servers.splice(position, existing === undefined ? 0 : 1, entry);
    this.#byLayer.set(layer, entry);
    this.#applyUserAliases();
    this.#search.set(entry, existing);
    this.#prompt = undefined;
    return entry;
  }

  /**
   * Removes a server: by layer, or by name (original or sanitized; both protocols unless one is
   * given). Its tools, pseudo-tools and aliases leave the table and the search index. Returns
   * whether anything was removed.
   */
  removeLayer(target: ToolLayer | string, protocol?: ToolProtocol): boolean {
    const removed = this.#servers.filter((entry) =>
      typeof target === 'string'
        ? (entry.server === target || entry.layer.serverName === target) &&
          (protocol === undefined || entry.protocol === protocol)
        : entry.layer === target,
    );
    for (const entry of removed) {
      this.#forget(entry);
      this.#servers.splice(this.#servers.indexOf(entry), 1);
      this.#search.remove(entry);
    }
    if (removed.length > 0) this.#prompt = undefined;
    return removed.length > 0;
  }

  /** The name a (possibly canonical) name resolves to: `weather_mcp_list_recipes` → `weather_mcp_browse_skills`. */
  resolveAlias(name: string): string {
    return this.#aliases.get(name) ?? name;
  }

  /** A copy of the alias table (canonical name → real name). */
  aliasMap(): Map<string, string> {
    return new Map(this.#aliases);
  }

  /**
   * What a tool name refers to, after alias resolution; undefined for unknown names. The global
   * discovery tools parse in both modes (a model that calls `search_tools` gets an answer).
   */
  parse(name: string): ParsedToolName | undefined {
    return this.#table.get(this.resolveAlias(name))?.parsed;
  }

  /** The catalog's view of a layer (by identity), or undefined when the layer is not in this catalog. */
  serverOf(layer: ToolLayer): CatalogServer | undefined {
    return this.#byLayer.get(layer);
  }

  /** The layer of a sanitized server name and protocol. */
  layerFor(server: string, protocol: ToolProtocol): ToolLayer | undefined {
    return this.#servers.find((entry) => entry.server === server && entry.protocol === protocol)?.layer;
  }

  /**
   * The provider-ready tool for a name (real, pseudo or alias), with its strict-mode schema, its
   * description fitted to `maxDescriptionLength` and a real tool's title and annotations; it keeps
   * the name asked for (an alias stays the canonical name). Undefined for unknown names.
   */
  providerTool(name: string): ProviderTool | undefined {
    const entry = this.#table.get(this.resolveAlias(name));
    if (entry === undefined) return undefined;
    const tool = entry.parsed.kind === 'tool' ? entry.parsed.tool : undefined;
    const title = tool?.title ?? tool?.annotations?.title;
    return {
      name,
      description: this.#fittedDescription(entry),
      input_schema: this.#sanitized(entry).schema,
      ...(title ? { title } : {}),
      ...(tool?.annotations ? { annotations: tool.annotations } : {}),
    };
  }

  /** The provider tools of one layer's real tools, in layer order. Throws if the layer is not in this catalog. */
  toolsForLayer(layer: ToolLayer): ProviderTool[] {
    return this.#requireServer(layer).toolNames.map((name) => this.#providerToolOf(name));
  }

  /** The provider tools of every real tool, layer by layer. */
  allTools(): ProviderTool[] {
    return this.#servers.flatMap((entry) => entry.toolNames.map((name) => this.#providerToolOf(name)));
  }

  /**
   * The initial tool set. Per-server mode: per server its recipe roles (real via alias, or pseudo),
   * search_tools and list_tools, plus the presentation tools its layer declares and a WebMCP layer's
   * recall. Global mode: the global discovery tools, plus those presentation tools and recall — a size
   * that does not grow with the catalog.
   */
  discoveryTools(): ProviderTool[] {
    const names =
      this.discoveryMode === 'global'
        ? [...this.globalToolNames(), ...this.#servers.flatMap(displayToolNames)]
        : this.#servers.flatMap((entry) => [
            ...DISCOVERY_ORDER.flatMap((role) => entry.discovery[role] ?? []),
            ...displayToolNames(entry),
          ]);
    return names.flatMap((name) => this.providerTool(name) ?? []);
  }

  /** The global discovery tools offered in global mode: the recipe ones only when some server has recipes. */
  globalToolNames(): GlobalToolKind[] {
    const recipes = this.#servers.some(
      (entry) => (entry.layer.recipes?.length ?? 0) > 0 || entry.discovery.search_recipes !== undefined,
    );
    return GLOBAL_TOOL_NAMES.filter(
      (name) => recipes || (name !== 'search_recipes' && name !== 'get_recipe'),
    );
  }

  /**
   * The structured system prompt (recipes → tool search → recipe → execute → display), rendered
   * once per set of servers: a turn asks for it at every model call.
   */
  systemPrompt(): string {
    this.#prompt ??= renderSystemPrompt(this);
    return this.#prompt;
  }

  /**
   * The schema the runtime validates input against: the tool's ORIGINAL schema (a pseudo-tool's own
   * schema; `{ type: 'object' }` when the original is not an object). Validate the output of
   * `restoreArgs`, not the raw model input.
   */
  validationSchema(name: string): JsonSchema | undefined {
    const entry = this.#table.get(this.resolveAlias(name));
    if (entry === undefined) return undefined;
    return isPlainObject(entry.originalSchema) ? entry.originalSchema : { type: 'object' };
  }

  /**
   * Maps arguments the model produced against the provider schema back to the original schema:
   * unflattens `center__lat`, decodes JSON-encoded values, turns strict-mode nulls of optional
   * properties back into absent ones. Unknown names and non-object input are returned unchanged.
   */
  restoreArgs(name: string, args: unknown): unknown {
    const entry = this.#table.get(this.resolveAlias(name));
    return entry === undefined ? args : restoreArgs(args, this.#sanitized(entry));
  }

  /**
   * Answers a pseudo-tool or a global discovery tool locally. `input` is the raw model input; never
   * rejects. Only `search_tools` with a `dense` retrieval in the options waits on the network.
   */
  async answerPseudoTool(
    parsed: ParsedPseudoTool | ParsedGlobalTool,
    input: unknown,
  ): Promise<PseudoToolAnswer> {
    const entry = this.#table.get(parsed.prefixedName);
    const restored = entry === undefined ? input : restoreArgs(input, this.#sanitized(entry));
    if (parsed.kind === 'global') return answerGlobalTool(parsed.pseudo, restored, this.#globalSource());
    return answerPseudoTool(parsed, restored, this.#pseudoSource());
  }

  /** Lexical ranked search over every real tool of the catalog (the index is built on first use). */
  searchTools(query: string, options: ToolSearchOptions = {}): ToolSearchResult[] {
    return this.#search.search(query, options);
  }

  /**
   * Ranked search for each query (one per capability), fused with dense retrieval when the options
   * give one; lexical alone without, or when the embeddings endpoint fails or misses its deadline
   * (the retrieval logs it). Never rejects.
   */
  rankTools(queries: readonly string[], options: ToolSearchOptions = {}): Promise<ToolSearchResult[][]> {
    return this.#search.rank(queries, options);
  }

  /** The catalog's search index over every real tool, built on first use and kept up to date. */
  get searchIndex(): ToolSearchIndex {
    return this.#search.index;
  }

  #pseudoSource(): PseudoToolSource {
    return {
      toolsOf: (layer) =>
        (this.#byLayer.get(layer)?.toolNames ?? []).map((name) => ({ name, tool: this.#toolOf(name) })),
      searchTools: (queries, options) => this.rankTools(queries, options),
      discoveryName: (layer, kind) => this.#byLayer.get(layer)?.discovery[kind],
    };
  }

  #globalSource(): GlobalToolSource {
    return {
      servers: this.#servers,
      searchTools: (queries, options) => this.rankTools(queries, options),
      searchServers: (query, limit) => this.searchIndex.searchServers(query, { limit }),
      realTool: (name) => {
        const parsed = this.parse(name);
        return parsed?.kind === 'tool' ? parsed.tool : undefined;
      },
      answerForServer: (entry, kind, input) =>
        answerPseudoTool(
          { layer: entry.layer, server: entry.server, protocol: entry.protocol, pseudo: kind },
          input,
          this.#pseudoSource(),
        ),
    };
  }

  #registerGlobalTools(): void {
    for (const kind of GLOBAL_TOOL_NAMES) {
      const definition = globalToolDefinition(kind);
      this.#table.set(kind, {
        parsed: { kind: 'global', pseudo: kind, prefixedName: kind },
        originalSchema: definition.inputSchema,
        description: definition.description,
      });
    }
  }

  /** The sanitized name for a new layer: unique per protocol (`_2`, `_3`, … for repeats). */
  #freeServerName(layer: ToolLayer): string {
    const base = sanitizeServerName(layer.serverName);
    const taken = (name: string) =>
      this.#servers.some((entry) => entry.server === name && entry.protocol === layer.protocol);
    let server = base;
    for (let n = 2; taken(server); n++) server = `${base}_${n}`;
    return server;
  }

  /** Takes a server's names and aliases out of the table (the caller updates the server list). */
  #forget(entry: CatalogServer): void {
    const owned = this.#owned.get(entry);
    const names = new Set(owned?.names ?? []);
    for (const name of names) this.#table.delete(name);
    for (const alias of owned?.aliases ?? []) this.#aliases.delete(alias);
    for (const [alias, target] of [...this.#aliases]) if (names.has(target)) this.#aliases.delete(alias);
    this.#owned.delete(entry);
    if (this.#byLayer.get(entry.layer) === entry) this.#byLayer.delete(entry.layer);
  }

  /** The aliases of the options whose targets exist (re-applied when servers change). */
  #applyUserAliases(): void {
    for (const [alias, target] of Object.entries(this.#options.aliases ?? {})) {
      const resolved = this.resolveAlias(target);
      if (this.#table.has(resolved) && !this.#table.has(alias)) this.#aliases.set(alias, resolved);
    }
  }

  /** Puts a layer's names into the tables and remembers what it owns. */
  #addLayer(layer: ToolLayer, server: string): CatalogServer {
    const { server: entry, owned } = buildLayerEntries(this.#names, layer, server);
    this.#owned.set(entry, owned);
    return entry;
  }

  #requireServer(layer: ToolLayer): CatalogServer {
    const entry = this.#byLayer.get(layer);
    if (entry === undefined) {
      throw new Error(
        `Layer "${layer.serverName}" (${layer.protocol}) is not part of this ToolCatalog; build the catalog with it.`,
      );
    }
    return entry;
  }

  #toolOf(name: string): McpToolDef {
    const parsed = this.#table.get(name)?.parsed;
    if (parsed?.kind !== 'tool') throw new Error(`Internal catalog error: "${name}" is not a real tool.`);
    return parsed.tool;
  }

  #providerToolOf(name: string): ProviderTool {
    return this.providerTool(name) as ProviderTool;
  }

  /** A real tool's description within the limit, ending with where to read it whole when cut. */
  #fittedDescription(entry: CatalogEntry): string {
    const max = this.#options.maxDescriptionLength ?? MAX_TOOL_DESCRIPTION;
    const { parsed, description } = entry;
    if (parsed.kind !== 'tool' || description.length <= max) return description;
    const pointer = `(cut: ${this.#describingSearch(parsed)} with query "${parsed.prefixedName}" returns the whole description)`;
    return fitToolDescription(description, max, pointer);
  }

  /** The search that answers a tool's exact name with its whole description: the server's own, or the global one. */
  #describingSearch(parsed: ParsedRealTool): string {
    const own = this.#byLayer.get(parsed.layer)?.discovery.search_tools;
    if (own === undefined || this.discoveryMode !== 'per-server') return 'search_tools';
    return this.#table.get(own)?.parsed.kind === 'pseudo' ? own : 'search_tools';
  }

  #sanitized(entry: CatalogEntry): SanitizedSchema {
    entry.sanitized ??= sanitizeSchema(entry.originalSchema, {
      toolName: entry.parsed.prefixedName,
      onSchemaPatch: this.#options.onSchemaPatch,
      flatten: this.#options.flatten,
    });
    return entry.sanitized;
  }
}
