import { MAX_QUERIES } from '../discovery/read-queries.ts';
import type { JsonSchema } from '../types/index.ts';
import type { RecipeRole } from './resolve-canonical-tools.ts';

/** Discovery tools the catalog answers itself, without calling the server. */
export type PseudoToolKind = 'list_tools' | 'search_tools' | RecipeRole;

/** The pseudo-tools every layer gets (recipe ones only when the layer ships recipes). */
export const TOOL_PSEUDO_KINDS: readonly PseudoToolKind[] = ['search_tools', 'list_tools'];

/** A pseudo-tool's description and input schema, before sanitizing. */
export interface PseudoToolDefinition {
  description: string;
  inputSchema: JsonSchema;
}

const QUERY = {
  type: 'string',
  description: 'One keyword query, e.g. "weather forecast" (or use "queries").',
};

/** The definition of a pseudo-tool of one server (`label` names the server in descriptions). */
export function pseudoToolDefinition(kind: PseudoToolKind, label: string): PseudoToolDefinition {
  switch (kind) {
    case 'search_tools':
      return {
        description: `Search the tools of ${label}: one short keyword query per capability you need, sent together as "queries" (results merged: tools several queries found first, then the best of each). Returns the matches ranked by relevance, with their parameters; they become callable from your next step.`,
        inputSchema: {
          type: 'object',
          properties: {
            queries: {
              type: 'array',
              items: { type: 'string' },
              minItems: 1,
              maxItems: MAX_QUERIES,
              description:
                'Short keyword queries, one per capability, e.g. ["weather forecast", "weather alerts"].',
            },
            query: QUERY,
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: 50,
              description: 'Maximum number of results per query.',
              default: 10,
            },
          },
        },
      };
    case 'list_tools':
      return {
        description: `List every tool of ${label} with its parameters; they become callable from your next step.`,
        inputSchema: { type: 'object', properties: {} },
      };
    case 'search_recipes':
      return {
        description: `Search the recipes of ${label}: tested ways to combine its tools for a task. Without a query, returns all of them.`,
        inputSchema: { type: 'object', properties: { query: QUERY } },
      };
    case 'list_recipes':
      return {
        description: `List the recipes of ${label} (name and description).`,
        inputSchema: { type: 'object', properties: {} },
      };
    case 'get_recipe':
      return {
        description: `Read one recipe of ${label} in full, by name.`,
        inputSchema: {
          type: 'object',
          properties: {
            name: {
              type: 'string',
              description: 'The recipe name, as listed by search_recipes or list_recipes.',
            },
          },
          required: ['name'],
        },
      };
  }
}
