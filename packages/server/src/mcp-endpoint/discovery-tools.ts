import type { Tool } from '@modelcontextprotocol/server';
import { globalToolDefinition } from '@switchboard/core';

const SEARCH_TOOLS_SCHEMA = globalToolDefinition('search_tools').inputSchema;

/** The tools of discovery mode, in the order `tools/list` gives them. */
export const DISCOVERY_TOOL_NAMES = ['search_tools', 'describe_tool', 'call_tool'] as const;

/** A discovery-mode tool. */
export type DiscoveryToolName = (typeof DISCOVERY_TOOL_NAMES)[number];

/** True when `name` is one of the discovery-mode tools. */
export function isDiscoveryToolName(name: string): name is DiscoveryToolName {
  return (DISCOVERY_TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * The three tools of discovery mode. Their text never mentions the catalog, so `tools/list` costs
 * the same with one server or with thousands.
 */
export const DISCOVERY_TOOLS: readonly Tool[] = [
  {
    name: 'search_tools',
    description:
      'Search the tools of all the user\'s MCP servers by what you want to do: a few keywords as "query", or one short query per capability the task needs as "queries" (e.g. ["weather forecast", "send email"]; the results are merged). Returns the best matches (name, server, description, parameters). Found tools are added to your tool list; any of them can also be run with call_tool.',
    // Chat's search_tools schema (one owner: core), with "server" naming what /mcp has (no list_servers).
    inputSchema: {
      ...SEARCH_TOOLS_SCHEMA,
      type: 'object',
      properties: {
        ...(SEARCH_TOOLS_SCHEMA.properties as Record<string, object>),
        server: { type: 'string', description: "Only this server's tools." },
      },
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'describe_tool',
    description: "A tool's full definition: description, input schema and annotations.",
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string', description: 'The tool name, as search_tools returned it.' } },
      required: ['name'],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'call_tool',
    description: 'Run a tool found with search_tools, by name, with its arguments.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The tool name, as search_tools returned it.' },
        arguments: { type: 'object', description: "The tool's arguments, matching its input schema." },
      },
      required: ['name'],
    },
  },
];
