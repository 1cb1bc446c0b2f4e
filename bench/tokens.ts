/**
 * bench:tokens — o200k tokens of what the first model call carries (tool definitions + system prompt)
 * with every tool sent eagerly, with per-server discovery, and with global discovery; for each prefix
 * of the given catalog list (A, then A+B, …). Also the cost of a 5-tool task under global discovery:
 * the first call plus five revealed tool definitions (of the catalog's mean size). Then the prompt
 * cost an MCP client pays for the gateway's `/mcp`: its `tools/list` (as sent) and instructions in
 * discovery and aggregate mode, measured end to end (a gateway in this process, each catalog server
 * a real in-memory MCP server, the SDK client over loopback HTTP; target: discovery ≤ 1,000 tokens).
 *
 *   npm run bench:tokens -- --servers A.json[,B.json] [--json out.json]
 */

import { type ProviderTool, ToolCatalog } from '@switchboard/core';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { printTable, readArgs, writeJsonIfAsked } from './bench-args.ts';
import { catalogServers } from './catalog-mcp-servers.ts';
import { startBenchGateway } from './gateway-endpoint.ts';
import { readServers, requireArg, toLayers } from './load-catalog-data.ts';

const USAGE = 'npm run bench:tokens -- --servers A.json[,B.json] [--json out]';
const TASK_TOOLS = 5;
const args = readArgs();
const files = requireArg(args, 'servers', USAGE).split(',');

/** Tokens of one model call's fixed part: the system prompt and the tool definitions as sent. */
function callTokens(system: string, tools: readonly ProviderTool[]): number {
  return encode(system).length + encode(JSON.stringify(tools)).length;
}

const catalogs = files.map((_, index) => {
  const layers = toLayers(readServers(files.slice(0, index + 1).join(',')));
  const perServer = new ToolCatalog(layers, { discovery: { mode: 'per-server' } });
  const global = new ToolCatalog(layers, { discovery: { mode: 'global' } });
  const allTools = perServer.allTools();
  const eagerToolTokens = encode(JSON.stringify(allTools)).length;
  const globalTokens = callTokens(global.systemPrompt(), global.discoveryTools());
  const meanToolTokens = eagerToolTokens / Math.max(1, allTools.length);
  const globalFiveToolTaskTokens = Math.round(globalTokens + TASK_TOOLS * meanToolTokens);
  const eagerTokens = encode(perServer.systemPrompt()).length + eagerToolTokens;
  return {
    servers: layers.length,
    tools: allTools.length,
    eagerTokens,
    perServerTokens: callTokens(perServer.systemPrompt(), perServer.discoveryTools()),
    globalTokens,
    globalToolDefinitionTokens: encode(JSON.stringify(global.discoveryTools())).length,
    globalPromptTokens: encode(global.systemPrompt()).length,
    meanToolTokens: Math.round(meanToolTokens),
    globalFiveToolTaskTokens,
    fiveToolTaskShareOfEager: Math.round((globalFiveToolTaskTokens / eagerTokens) * 10_000) / 10_000,
  };
});

printTable(
  catalogs.map((entry) => ({
    servers: entry.servers,
    tools: entry.tools,
    eager: entry.eagerTokens,
    'per-server': entry.perServerTokens,
    global: entry.globalTokens,
    'global, 5-tool task': entry.globalFiveToolTaskTokens,
    '5-tool task / eager': `${(entry.fiveToolTaskShareOfEager * 100).toFixed(2)}%`,
  })),
);
console.log('\ntokens: o200k, tool definitions (as sent) + system prompt of the first model call');

/** Tokens of `/mcp`'s tools/list (the tools as sent) and instructions, in both modes, for one catalog prefix. */
async function endpointTokens(list: string) {
  const catalog = catalogServers(readServers(list));
  const gateway = await startBenchGateway(catalog.seeds, catalog.builtins);
  try {
    const cost = async (mode: 'discovery' | 'aggregate') => {
      const client = await gateway.connect(mode);
      const { tools } = await client.listTools();
      return {
        tools: tools.length,
        tokens: encode(JSON.stringify(tools)).length + encode(client.getInstructions() ?? '').length,
      };
    };
    const discovery = await cost('discovery');
    const aggregate = await cost('aggregate');
    return {
      servers: catalog.seeds.length,
      tools: aggregate.tools,
      discovery: discovery.tokens,
      aggregate: aggregate.tokens,
    };
  } finally {
    await gateway.close();
  }
}

const endpoint = [];
for (let index = 0; index < files.length; index++)
  endpoint.push(await endpointTokens(files.slice(0, index + 1).join(',')));
console.log(
  '\n/mcp (the gateway as an MCP server): tokens an MCP client puts in its prompt, tools/list + instructions',
);
printTable(
  endpoint.map((entry) => ({
    servers: entry.servers,
    tools: entry.tools,
    '/mcp discovery': entry.discovery,
    '/mcp aggregate': entry.aggregate,
    'discovery / aggregate': `${((entry.discovery / entry.aggregate) * 100).toFixed(2)}%`,
    'discovery ≤ 1,000': entry.discovery <= 1_000 ? 'yes' : 'NO',
  })),
);
await writeJsonIfAsked(args, { catalogs, endpoint });
