import type { JsonSchema } from '../types/index.ts';
import { MAX_QUERIES } from './read-queries.ts';

/** The discovery tools of global mode, in the order they are offered. */
export const GLOBAL_TOOL_NAMES = ['search_tools', 'list_servers', 'search_recipes', 'get_recipe'] as const;

/** A global discovery tool. */
export type GlobalToolKind = (typeof GLOBAL_TOOL_NAMES)[number];

/** Results of a global `search_tools` when the model does not say how many (it may ask for up to 50). */
export const DEFAULT_GLOBAL_SEARCH_LIMIT = 5;
/** The most results one `search_tools` call returns. */
export const MAX_GLOBAL_SEARCH_LIMIT = 50;
/** Servers per `list_servers` page when the model does not say. */
export const DEFAULT_SERVER_PAGE = 25;
/** The largest `list_servers` page. */
export const MAX_SERVER_PAGE = 100;

/** True when `name` is a global discovery tool. */
export function isGlobalToolName(name: string): name is GlobalToolKind {
  return (GLOBAL_TOOL_NAMES as readonly string[]).includes(name);
}

/** A global tool's description and input schema. They never mention the catalog, so their size is constant. */
export function globalToolDefinition(kind: GlobalToolKind): { description: string; inputSchema: JsonSchema } {
  switch (kind) {
    case 'search_tools':
      return {
        description:
          'Search the tools of every server by what you want to do. Write short keyword queries, one per capability the task needs — a verb and its object, e.g. ["weather forecast", "convert currency", "send email"] — and send them together as "queries": the results are merged: tools several queries found first, then the best of each query. Returns the matches with their parameters; they can be called from your next step and stay callable.',
        inputSchema: {
          type: 'object',
          properties: {
            queries: {
              type: 'array',
              items: { type: 'string' },
              minItems: 1,
              maxItems: MAX_QUERIES,
              description:
                'Short keyword queries, one per capability, e.g. ["weather forecast", "send email"].',
            },
            query: {
              type: 'string',
              description: 'One keyword query, e.g. "weather forecast" (or use "queries").',
            },
            server: { type: 'string', description: 'Only tools of this server (a name from list_servers).' },
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_GLOBAL_SEARCH_LIMIT,
              description: `Maximum number of results per query (default ${DEFAULT_GLOBAL_SEARCH_LIMIT}).`,
            },
          },
        },
      };
    case 'list_servers':
      return {
        description: 'List the servers one page at a time: name, what it offers, number of tools.',
        inputSchema: {
          type: 'object',
          properties: {
            offset: { type: 'integer', minimum: 0, description: 'Servers to skip (default 0).' },
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_SERVER_PAGE,
              description: `Page size (default ${DEFAULT_SERVER_PAGE}).`,
            },
          },
        },
      };
    case 'search_recipes':
      return {
        description: "Search every server's recipes: tested ways to combine its tools for a task.",
        inputSchema: {
          type: 'object',
          properties: { query: { type: 'string', description: 'What the task is about.' } },
          required: ['query'],
        },
      };
    case 'get_recipe':
      return {
        description: 'Read one recipe in full; the tools it uses become callable.',
        inputSchema: {
          type: 'object',
          properties: {
            server: { type: 'string', description: 'The server of the recipe.' },
            name: { type: 'string', description: 'The recipe name, as search_recipes returned it.' },
          },
          required: ['server', 'name'],
        },
      };
  }
}
