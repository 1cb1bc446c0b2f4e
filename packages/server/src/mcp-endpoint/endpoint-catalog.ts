import {
  type McpLayer,
  type McpToolDef,
  mergeQueryRankings,
  sanitizeServerName,
  type ToolCatalog,
} from '@switchboard/core';
import type { McpConnection } from '@switchboard/core/node';
import { disambiguatedToolName, endpointToolName } from './endpoint-tool-name.ts';

/** One tool as the `/mcp` endpoint offers it. */
export interface EndpointTool {
  /** The name on the endpoint: `{server}_{tool}` (see {@link endpointToolName}). */
  name: string;
  /** The server's name as registered (the layer's `serverName`). */
  serverName: string;
  /** The sanitized server name (what approval rules and `search_tools(server)` match). */
  server: string;
  /** The tool as the server lists it (its real name in `tool.name`). */
  tool: McpToolDef;
  /** The connection the call goes through (the user's own for OAuth servers). */
  connection: McpConnection;
}

/**
 * The tools one user reaches through `/mcp`: every tool of every server they may use, named
 * `{server}_{tool}` (names that collide after sanitizing get a hash suffix), with ranked search
 * over them through the gateway's tool catalog of the same servers, so `/mcp` ranks as chat does
 * (lexical, fused with dense retrieval when embeddings are configured). Read-only once built.
 */
export class EndpointCatalog {
  /** Tools by endpoint name, in server order. */
  readonly tools: ReadonlyMap<string, EndpointTool>;
  /** Number of servers. */
  readonly serverCount: number;
  /** The connection to each server, by registered name (for resources and prompts). */
  readonly connections: ReadonlyMap<string, McpConnection>;
  readonly #layers: readonly McpLayer[];
  /** Endpoint tools by sanitized server and real tool name (how the ranking names a hit). */
  readonly #byServerTool = new Map<string, EndpointTool>();
  readonly #ranking: () => ToolCatalog;

  /**
   * @param ranking The gateway's tool catalog of these layers (its shared `CatalogCache`), asked
   *   for on the first search.
   */
  constructor(
    layers: readonly McpLayer[],
    clients: ReadonlyMap<string, McpConnection>,
    ranking: () => ToolCatalog,
  ) {
    const tools = new Map<string, EndpointTool>();
    const connections = new Map<string, McpConnection>();
    for (const layer of layers) {
      const connection = clients.get(layer.serverName);
      if (!connection) continue;
      connections.set(layer.serverName, connection);
      const server = sanitizeServerName(layer.serverName);
      const seen = new Set<string>();
      for (const tool of layer.tools) {
        // A server listing one name twice offers one tool.
        if (seen.has(tool.name)) continue;
        seen.add(tool.name);
        let name = endpointToolName(layer.serverName, tool.name);
        if (tools.has(name)) name = disambiguatedToolName(layer.serverName, tool.name);
        if (tools.has(name)) continue;
        const endpointTool = { name, serverName: layer.serverName, server, tool, connection };
        tools.set(name, endpointTool);
        this.#byServerTool.set(`${server}\u0000${tool.name}`, endpointTool);
      }
    }
    this.tools = tools;
    this.connections = connections;
    this.serverCount = layers.length;
    this.#layers = layers;
    this.#ranking = ranking;
  }

  /**
   * The best matches for `queries` (optionally only one server's, by its name), merged as chat's
   * `search_tools` merges them (see `mergeQueryRankings`), best first. Waits on the embeddings
   * endpoint when dense retrieval is configured; lexical alone if it fails.
   */
  async search(queries: string[], options: { server?: string; limit: number }): Promise<EndpointTool[]> {
    const server = options.server === undefined ? undefined : sanitizeServerName(options.server);
    const rankings = await this.#ranking().rankTools(queries, {
      limit: options.limit,
      dedupe: false,
      ...(server ? { server } : {}),
    });
    const tools = rankings.map((hits) =>
      hits.flatMap((hit) => {
        const tool = this.#byServerTool.get(`${hit.server}\u0000${hit.toolName}`);
        return tool ? [tool] : [];
      }),
    );
    return mergeQueryRankings(tools, (tool) => tool.name, options.limit);
  }

  /** Whether a server of this name (registered or sanitized) is in the catalog. */
  hasServer(name: string): boolean {
    const wanted = sanitizeServerName(name);
    return this.#layers.some((layer) => sanitizeServerName(layer.serverName) === wanted);
  }
}
