import type { ToolSearchOptions } from '../discovery/tool-search-index.ts';
import type { ServerSearchResult, ToolSearchResult } from '../discovery/tool-search-result.ts';
import { sanitizeServerName } from '../naming/sanitize-server-name.ts';
import type { McpToolDef } from '../types/index.ts';
import type { CatalogServer } from './catalog-server.ts';
import type { PseudoToolAnswer } from './pseudo-tool-answer.ts';
import type { PseudoToolKind } from './pseudo-tools.ts';

const SUGGESTED_SERVERS = 3;

/** What answering a global discovery tool needs from the catalog. */
export interface GlobalToolSource {
  /** The servers, in catalog order. */
  readonly servers: readonly CatalogServer[];
  /** Ranked tool search, one ranking per query (fused with dense retrieval when the catalog has it). */
  searchTools(queries: readonly string[], options: ToolSearchOptions): Promise<ToolSearchResult[][]>;
  searchServers(query: string, limit: number): ServerSearchResult[];
  /** The real tool a callable name (or alias) stands for; undefined for pseudo-tools and unknown names. */
  realTool(name: string): McpToolDef | undefined;
  /** Answers one server's recipe role from the recipes its layer ships. */
  answerForServer(
    entry: CatalogServer,
    kind: PseudoToolKind,
    input: Record<string, unknown>,
  ): Promise<PseudoToolAnswer>;
}

/** An error answer. */
export function failure(text: string): PseudoToolAnswer {
  return { text: `Error: ${text}`, revealed: [], isError: true };
}

/** The servers a name designates: its sanitized form or its original name, any protocol. */
export function findServers(name: string, source: GlobalToolSource): CatalogServer[] {
  const wanted = sanitizeServerName(name);
  return source.servers.filter(
    (entry) => entry.server === name || entry.server === wanted || entry.layer.serverName === name,
  );
}

/** The error for a server name the catalog does not know, with the closest names when there are some. */
export function unknownServer(name: string, source: GlobalToolSource): PseudoToolAnswer {
  const close = source.searchServers(name, SUGGESTED_SERVERS).map((hit) => hit.server);
  const hint = close.length > 0 ? ` Closest names: ${close.join(', ')}.` : '';
  return failure(
    `Unknown server "${name.slice(0, 100)}". Call list_servers to see the ${source.servers.length} servers and their names, or call search_tools without "server" to search all of them.${hint}`,
  );
}

/** The text on one line, cut to `max` characters. */
export function oneLine(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}
