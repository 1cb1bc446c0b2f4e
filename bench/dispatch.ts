/**
 * bench:dispatch — the cost of one MCP `tools/call` over loopback Streamable HTTP, side by side in
 * one run against the same minimal server (bench/dispatch-server.ts, an SDK `McpServer` with one
 * `echo` tool, run in a child process):
 *
 * - floor: the exact POST our dispatcher sends (captured), replayed with undici's `request`;
 * - the official SDK client with its defaults, and with our Node fetch;
 * - the Vercel AI SDK's MCP client (`@ai-sdk/mcp`);
 * - ours: `ToolDispatcher.dispatch()` over `McpConnection` (`@switchboard/core/node`: undici-pooled
 *   fetch), and over the browser-safe `McpConnection` (global fetch);
 * - in-memory (our dispatcher over the SDK's in-memory transport, server in this process), and a
 *   local WebMCP call with validation (direct, and through the dispatcher);
 * - the gateway as an MCP server: the SDK client (with our Node fetch) calling the same tool through
 *   a gateway's `/mcp` (gateway in this process, API key, aggregate mode, approval, audit row),
 *   beside the same client calling the server directly.
 *
 * After a warm-up, the variants run in interleaved rounds (rotating order), each a batch of calls;
 * every figure is the median over rounds of the mean per call.
 *
 *   npm run bench:dispatch -- [--server modern|sessionful] [--rounds 40] [--batch 50] [--warmup 200] [--json out.json]
 */

import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  AgentSession,
  createWebMcpServer,
  McpConnection,
  ToolCatalog,
  ToolDispatcher,
} from '@switchboard/core';
import { createNodeFetch, NodeMcpConnection } from '@switchboard/core/node';
import { printTable, readArgs, writeJsonIfAsked } from './bench-args.ts';
import {
  aiSdkClient,
  type CapturedCall,
  capturing,
  dispatcherOver,
  inMemoryConnection,
  type OpenVariant,
  rawPost,
  sdkClient,
} from './dispatch-variants.ts';
import { endpointEchoVariant } from './gateway-endpoint.ts';
import { interleaved, localP50, type Timing } from './measure.ts';

const args = readArgs();
const serverMode = args.get('server') ?? 'modern';
const rounds = Number(args.get('rounds') ?? 40);
const batch = Number(args.get('batch') ?? 50);
const warmup = Number(args.get('warmup') ?? 200);
const LOCAL_CALLS = 20_000;

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const script = fileURLToPath(new URL('./dispatch-server.ts', import.meta.url));
  const child = spawn(process.execPath, [script, '--server', serverMode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\S+)/.exec(output);
      if (ready) resolve(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  return { url, stop: () => child.kill() };
}

/** Captures the `tools/call` POST a client sends, by making one call through a recording fetch. */
async function captureCall(
  open: (fetch: ReturnType<typeof capturing>) => Promise<OpenVariant>,
): Promise<{ call: CapturedCall; variant: OpenVariant }> {
  const calls: CapturedCall[] = [];
  const variant = await open(capturing(createNodeFetch(), calls));
  await variant.run();
  if (calls.length !== 1) throw new Error(`expected one captured tools/call, got ${calls.length}`);
  return { call: calls[0], variant };
}

async function webMcpTimings(): Promise<{ direct: number; dispatched: number }> {
  const server = createWebMcpServer('local', { description: 'Local echo' });
  server.registerTool({
    name: 'echo',
    description: 'Returns the text it was given.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: ({ text }) => text,
  });
  const direct = await localP50(async () => {
    if ((await server.executeTool('echo', { text: 'hi' })) !== 'hi') throw new Error('webmcp: wrong echo');
  }, LOCAL_CALLS);
  const dispatcher = new ToolDispatcher({ catalog: new ToolCatalog([server.layer()]) });
  const context = { session: new AgentSession(), signal: new AbortController().signal, emit: () => {} };
  const block = {
    type: 'tool_use' as const,
    id: 'toolu_local',
    name: 'local_webmcp_echo',
    input: { text: 'hi' },
  };
  const dispatched = await localP50(async () => {
    if ((await dispatcher.dispatch(block, context)).result.content !== 'hi')
      throw new Error('webmcp: wrong echo');
  }, LOCAL_CALLS);
  return { direct, dispatched };
}

const server = await startServer();
const opened: OpenVariant[] = [];
try {
  const { url } = server;
  // The floor replays exactly what our dispatcher sends (body, protocol and session headers).
  const ours = await captureCall((fetch) =>
    dispatcherOver(
      'capture',
      new NodeMcpConnection({ name: 'bench', transport: { type: 'http', url }, fetch }),
    ),
  );
  const sdkDefaults = await captureCall((fetch) => sdkClient('capture', url, fetch));
  opened.push(ours.variant, sdkDefaults.variant);
  const oursVersion = ours.call.headers['mcp-protocol-version'];
  const sdkVersion = sdkDefaults.call.headers['mcp-protocol-version'];
  const variants: OpenVariant[] = [rawPost('floor (undici.request)', url, ours.call)];
  if (sdkVersion !== oursVersion) variants.push(rawPost(`floor, ${sdkVersion} body`, url, sdkDefaults.call));
  variants.push(
    await sdkClient('SDK client, defaults', url),
    await sdkClient('SDK client + createNodeFetch', url, createNodeFetch()),
    await aiSdkClient('AI SDK MCP client', url),
    await dispatcherOver(
      'ours: dispatcher (core/node)',
      new NodeMcpConnection({ name: 'bench', transport: { type: 'http', url } }),
    ),
    await dispatcherOver(
      'ours, global fetch',
      new McpConnection({ name: 'bench', transport: { type: 'http', url } }),
    ),
    await dispatcherOver('ours, in-memory', inMemoryConnection()),
    await endpointEchoVariant('SDK client via gateway /mcp', url),
  );
  opened.push(...variants);

  const machine = {
    cpus: availableParallelism(),
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
  };
  console.log(
    `bench:dispatch — server: ${serverMode} (child process), ours speaks ${oursVersion}, SDK defaults speak ${sdkVersion}; ` +
      `${warmup} warm-up calls, then ${rounds} interleaved rounds of ${batch} calls each; ` +
      `${machine.cpus} CPUs, load ${machine.loadAverage.join(' ')}\n`,
  );
  const timings = await interleaved(variants, { warmup, rounds, batch });
  const webmcp = await webMcpTimings();

  const byName = (name: string) => timings.find((timing) => timing.name === name) as Timing;
  const floor = byName('floor (undici.request)').medianMicros;
  const fmt = (micros: number) => micros.toFixed(micros < 100 ? 1 : 0);
  printTable([
    ...timings.map((timing) => ({
      variant: timing.name,
      'median µs': fmt(timing.medianMicros),
      'p10–p90 µs': `${fmt(timing.p10Micros)}–${fmt(timing.p90Micros)}`,
      'client CPU µs': fmt(timing.cpuMicros),
      '× floor': (timing.medianMicros / floor).toFixed(2),
    })),
    {
      variant: 'WebMCP executeTool (p50)',
      'median µs': fmt(webmcp.direct),
      'p10–p90 µs': '',
      'client CPU µs': '',
      '× floor': '',
    },
    {
      variant: 'WebMCP via dispatcher (p50)',
      'median µs': fmt(webmcp.dispatched),
      'p10–p90 µs': '',
      'client CPU µs': '',
      '× floor': '',
    },
  ]);

  const oursMicros = byName('ours: dispatcher (core/node)').medianMicros;
  const sdkMicros = byName('SDK client, defaults').medianMicros;
  const aiSdkMicros = byName('AI SDK MCP client').medianMicros;
  const oursOverFloor = oursMicros / floor;
  console.log(
    `\nours / floor: ${oursOverFloor.toFixed(2)}× (target ≤ 2×); ours is ${(sdkMicros / oursMicros).toFixed(2)}× faster ` +
      `than the SDK defaults and ${(aiSdkMicros / oursMicros).toFixed(2)}× faster than the AI SDK client; ` +
      `WebMCP p50 ${webmcp.direct.toFixed(2)} µs (target ≤ 10 µs)`,
  );
  const directMicros = byName('SDK client + createNodeFetch').medianMicros;
  const throughGatewayMicros = byName('SDK client via gateway /mcp').medianMicros;
  const gatewayAddedOverDirect = (throughGatewayMicros - directMicros) / (directMicros - floor);
  console.log(
    `/mcp: a call through the gateway ${fmt(throughGatewayMicros)} µs beside ${fmt(directMicros)} µs direct ` +
      `(${(throughGatewayMicros / directMicros).toFixed(2)}×); the proxy adds ${gatewayAddedOverDirect.toFixed(2)}× ` +
      "the direct call's cost over the HTTP floor (target ≤ 1.5×)",
  );
  await writeJsonIfAsked(args, {
    throughGatewayMicros,
    gatewayOverDirect: throughGatewayMicros / directMicros,
    gatewayAddedOverDirect,
    server: serverMode,
    serverProcess: 'child',
    machine,
    protocol: { ours: oursVersion, sdkDefaults: sdkVersion },
    rounds,
    batch,
    warmup,
    floorMicros: floor,
    sdkMicros,
    aiSdkMicros,
    oursMicros,
    oursOverFloor,
    sdkOverFloor: sdkMicros / floor,
    aiSdkOverFloor: aiSdkMicros / floor,
    sdkWithNodeFetchMicros: byName('SDK client + createNodeFetch').medianMicros,
    oursGlobalFetchMicros: byName('ours, global fetch').medianMicros,
    inMemoryMicros: byName('ours, in-memory').medianMicros,
    webmcpP50Micros: webmcp.direct,
    webmcpDispatchP50Micros: webmcp.dispatched,
    timings,
  });
} finally {
  await Promise.allSettled(opened.map((variant) => variant.close()));
  server.stop();
}
