import type { CallToolResult } from '@modelcontextprotocol/server';
import {
  DEFAULT_GLOBAL_SEARCH_LIMIT,
  MAX_GLOBAL_SEARCH_LIMIT,
  MAX_QUERIES,
  readQueries,
} from '@switchboard/core';
import type { ActivatedTool } from './activated-tools.ts';
import { errorResult } from './call-endpoint-tool.ts';
import type { DiscoveryToolName } from './discovery-tools.ts';
import type { EndpointTool } from './endpoint-catalog.ts';
import type { UserCatalog } from './endpoint-catalogs.ts';

/** A discovery tool's answer, the tools it found (to activate), or the real call `call_tool` asks for. */
export type DiscoveryAnswer =
  | { result: CallToolResult; found: ActivatedTool[] }
  | { call: { tool: EndpointTool; arguments: Record<string, unknown> } };

/**
 * Answers `search_tools` (ranked matches with their input schemas), `describe_tool` (one tool in
 * full) and `call_tool` (resolved to the real tool and its arguments, which the caller runs).
 * Bad input gets an error result saying what to send instead.
 */
export async function answerDiscoveryTool(
  name: DiscoveryToolName,
  args: Record<string, unknown>,
  { catalog, needsAuthorization, unavailable }: UserCatalog,
): Promise<DiscoveryAnswer> {
  switch (name) {
    case 'search_tools': {
      const queries = readQueries(args);
      if (queries === undefined)
        return failed(
          `search_tools needs "query": a few keywords saying what you want to do — or "queries": one short query per capability (at most ${MAX_QUERIES}), e.g. ["weather forecast", "send email"].`,
        );
      const server = args.server;
      if (server !== undefined && (typeof server !== 'string' || !catalog.hasServer(server)))
        return failed(
          `Unknown server ${JSON.stringify(server)}; search without "server" to search every server.`,
        );
      const limit = clampLimit(args.limit);
      const hits = await catalog.search(queries, {
        limit,
        ...(typeof server === 'string' ? { server } : {}),
      });
      const tools = hits.map((hit) => ({
        name: hit.name,
        server: hit.serverName,
        description: hit.tool.description ?? '',
        inputSchema: hit.tool.inputSchema,
      }));
      const missing = [
        ...needsAuthorization.map((row) => `${row.name} (connect it in Switchboard first)`),
        ...unavailable.map(({ row }) => `${row.name} (unreachable)`),
      ];
      const structured = { tools, ...(missing.length > 0 ? { not_searched: missing } : {}) };
      const text =
        tools.length === 0
          ? `No tool matches ${queries.map((query) => JSON.stringify(query)).join(', ')}. Try other words.`
          : JSON.stringify(structured);
      return {
        result: { content: [{ type: 'text', text }], structuredContent: structured },
        found: hits.map((hit) => ({ name: hit.name, serverName: hit.serverName })),
      };
    }
    case 'describe_tool': {
      const tool = typeof args.name === 'string' ? catalog.tools.get(args.name) : undefined;
      if (!tool) return failed(unknown(args.name));
      const described = {
        name: tool.name,
        server: tool.serverName,
        ...(tool.tool.title ? { title: tool.tool.title } : {}),
        description: tool.tool.description ?? '',
        inputSchema: tool.tool.inputSchema,
        ...(tool.tool.annotations ? { annotations: tool.tool.annotations } : {}),
      };
      return {
        result: {
          content: [{ type: 'text', text: JSON.stringify(described) }],
          structuredContent: described,
        },
        found: [{ name: tool.name, serverName: tool.serverName }],
      };
    }
    case 'call_tool': {
      const tool = typeof args.name === 'string' ? catalog.tools.get(args.name) : undefined;
      if (!tool) return failed(unknown(args.name));
      const toolArgs = args.arguments ?? {};
      if (typeof toolArgs !== 'object' || toolArgs === null || Array.isArray(toolArgs))
        return failed(`call_tool needs "arguments" as an object matching the input schema of ${tool.name}.`);
      return { call: { tool, arguments: toolArgs as Record<string, unknown> } };
    }
  }
}

function failed(text: string): DiscoveryAnswer {
  return { result: errorResult(text), found: [] };
}

function unknown(name: unknown): string {
  return typeof name === 'string'
    ? `Unknown tool ${JSON.stringify(name.slice(0, 100))}. Use a name search_tools returned.`
    : 'Give "name": a tool name search_tools returned.';
}

function clampLimit(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_GLOBAL_SEARCH_LIMIT;
  return Math.min(MAX_GLOBAL_SEARCH_LIMIT, Math.max(1, Math.floor(value)));
}
