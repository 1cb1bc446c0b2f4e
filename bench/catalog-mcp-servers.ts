import { InMemoryTransport, Server } from '@modelcontextprotocol/server';
import { type McpTransportConfig, sanitizeServerName } from '@switchboard/core';
import type { ServerSeed } from '../packages/server/src/index.ts';
import type { ServerRecord } from './load-catalog-data.ts';

/** A benchmark catalog served by real in-memory MCP servers, ready for a gateway's options. */
export interface CatalogServers {
  seeds: ServerSeed[];
  builtins: Map<string, McpTransportConfig>;
  /** Every call the servers answered, as `server/tool`. */
  calls: string[];
}

/**
 * One SDK server per catalog record, in this process: each lists the record's tools as they are and
 * answers a call with `called <server>/<tool> with <arguments>` (and the arguments as structured
 * content), so a test can follow a call from the endpoint to the right server.
 */
export function catalogServers(records: readonly ServerRecord[]): CatalogServers {
  const seeds: ServerSeed[] = [];
  const builtins = new Map<string, McpTransportConfig>();
  const calls: string[] = [];
  const taken = new Set<string>();
  for (const record of records) {
    let name = sanitizeServerName(record.name).slice(0, 40) || 'server';
    for (let n = 2; taken.has(name); n++) name = `${sanitizeServerName(record.name).slice(0, 40)}_${n}`;
    taken.add(name);
    const open = async () => {
      const [client, server] = InMemoryTransport.createLinkedPair();
      await serverFor(name, record, calls).connect(server);
      return client;
    };
    builtins.set(name, { type: 'in-memory', transport: open } as McpTransportConfig);
    seeds.push({ name, builtin: name, ...(record.description ? { description: record.description } : {}) });
  }
  return { seeds, builtins, calls };
}

function serverFor(name: string, record: ServerRecord, calls: string[]): Server {
  const server = new Server({ name, version: '1.0.0' }, { capabilities: { tools: {} } });
  const tools = record.tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: { ...tool.inputSchema, type: 'object' as const },
  }));
  server.setRequestHandler('tools/list', () => ({ tools }));
  server.setRequestHandler('tools/call', (request) => {
    calls.push(`${name}/${request.params.name}`);
    const args = request.params.arguments ?? {};
    return {
      content: [{ type: 'text', text: `called ${name}/${request.params.name} with ${JSON.stringify(args)}` }],
      structuredContent: { server: name, tool: request.params.name, arguments: args },
    };
  });
  return server;
}
