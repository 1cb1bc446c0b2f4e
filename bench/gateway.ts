/**
 * bench:gateway — what the gateway adds to a chat turn. The same turns (a user message → the model
 * calls `echo` on a local MCP server → the model answers) run two ways against a zero-latency
 * scripted model and the bench:dispatch echo server (a child process, Streamable HTTP on loopback):
 *
 * - bare: core's `runAgentLoop` in this process, sessions in memory (catalog and validator built once);
 * - gateway: `POST /conversations/{id}/chat` (JSON answer) through the whole gateway — auth,
 *   validation, lease, user message stored, loop, events stored, the turn committed in one
 *   transaction — on PGlite in a temporary data directory (in memory with --memory; PostgreSQL
 *   with --database-url).
 *
 * At 1, 10 and 100 concurrent conversations (each worker runs its turns back to back, a new
 * conversation every --turns-per-conversation turns), it reports persisted turns per second and the
 * added latency: the gateway's p50/p99 turn time minus the bare loop's at the same concurrency.
 * Back to back, every worker always waits for the machine, so at 10 and 100 conversations that
 * difference is mostly queueing: it restates the throughput gap. Then the same conversations run
 * paced like people — each sends its next message --think-ms (±50 %, default 200) after the last
 * answer — and it reports the latency the gateway adds to a turn at that load, over --paced-passes
 * passes of each (default 3, bare and gateway alternating): one pass's p99 rests on its twenty
 * slowest turns, and swung two- to fourfold from run to run.
 * Requests go through the app's `fetch` (no sockets) unless --http is given.
 *
 * Both run warm, as in a gateway that has been serving for a while: before measuring, each runs
 * --warmup turns (default 3,000) at the highest concurrency, since V8's compilers (for our
 * JavaScript and for PGlite's WebAssembly) keep speeding a cold process up for thousands of turns.
 *
 * It also meters the CPU each turn costs (from /proc, on Linux): this process, the MCP server's
 * process and, for a PostgreSQL server on this machine, its processes. Their sum bounds what the
 * machine can do: `cores × 1000 / CPU ms per turn` turns per second at most, whatever the code waits on.
 *
 *   npm run bench:gateway -- [--turns 300] [--warmup 3000] [--levels 1,10,100] [--think-ms 200] [--paced-passes 3] [--http] [--memory | --database-url URL] [--json out.json]
 */

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AgentSession,
  type LanguageModel,
  McpConnection,
  type ModelRequest,
  type ModelStreamEvent,
  runAgentLoop,
  SchemaValidator,
  ToolCatalog,
} from '@switchboard/core/node';
import { createGateway, createLogger, type Gateway } from '@switchboard/server';
import { printTable, readArgs, writeJsonIfAsked } from './bench-args.ts';
import { type CpuPerTurn, cpuMeter } from './process-cpu.ts';

const args = readArgs();
const turnsPerLevel = Number(args.get('turns') ?? 300);
const warmupTurns = Number(args.get('warmup') ?? 3000);
const turnsPerConversation = Number(args.get('turns-per-conversation') ?? 10);
const overHttp = args.get('http') === 'true';
const databaseUrl = args.get('database-url');
const LEVELS = (args.get('levels') ?? '1,10,100').split(',').map(Number);
const thinkMs = Number(args.get('think-ms') ?? 200);
const pacedPasses = Number(args.get('paced-passes') ?? 3);
const KEY = 'sk-bench';

/** A model that answers instantly: a tool call first, then text once it sees the tool result. */
function zeroLatencyModel(): LanguageModel {
  return {
    id: 'scripted:bench',
    async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
      const last = request.messages.at(-1);
      const answered =
        Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
      if (answered) {
        yield { type: 'text_delta', text: 'The echo came back.' };
        yield { type: 'usage', usage: { inputTokens: 100, outputTokens: 5 } };
        yield { type: 'finish', reason: 'end_turn' };
        return;
      }
      const id = `toolu_${Math.random().toString(36).slice(2, 12)}`;
      yield { type: 'tool_call', id, name: 'bench_mcp_echo', input: { text: 'ping' } };
      yield { type: 'usage', usage: { inputTokens: 100, outputTokens: 10 } };
      yield { type: 'finish', reason: 'tool_use' };
    },
  };
}

async function startEchoServer(): Promise<{ url: string; pid?: number; stop: () => void }> {
  const script = fileURLToPath(new URL('./dispatch-server.ts', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\S+)/.exec(output);
      if (ready) resolve(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`the echo server exited (${code})`)));
  });
  return { url, pid: child.pid, stop: () => child.kill() };
}

/**
 * Runs `total` turns with `concurrency` workers, each waiting `think` ms (±50 %) between its turns
 * (none by default); returns each turn's milliseconds and the wall time. A turn prepares what it
 * needs (a new conversation) before it calls `timed`, which times the turn itself.
 */
async function drive(
  concurrency: number,
  total: number,
  turn: Turn,
  think = 0,
): Promise<{ latencies: number[]; wallMs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let index = 0; next < total; index++) {
        next++; // claimed before thinking, so workers that think at once never run more than `total`
        if (think > 0) await sleep(think * (0.5 + Math.random()));
        await turn(worker, index, async (work) => {
          const before = performance.now();
          await work();
          latencies.push(performance.now() - before);
        });
      }
    }),
  );
  return { latencies, wallMs: performance.now() - started };
}

/** One turn of a worker: it prepares what it needs, then runs the turn itself inside `timed`. */
type Turn = (
  worker: number,
  index: number,
  timed: (work: () => Promise<void>) => Promise<void>,
) => Promise<void>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The p50 and p99 of the gateway's and the bare loop's turns, what the gateway adds, and their table columns. */
function compareLatencies(served: number[], bare: number[]) {
  const of = (latencies: number[]) => ({
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
  });
  const gateway = of(served);
  const loop = of(bare);
  const added = { p50: round(gateway.p50 - loop.p50), p99: round(gateway.p99 - loop.p99) };
  return {
    gateway,
    bare: loop,
    added,
    columns: {
      'gateway p50 ms': gateway.p50,
      'gateway p99 ms': gateway.p99,
      'bare p50 ms': loop.p50,
      'bare p99 ms': loop.p99,
      'added p50 ms': added.p50,
      'added p99 ms': added.p99,
    },
  };
}

const isLocalDatabase = (url: string) =>
  ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(url).hostname);

/** The CPU milliseconds of a turn, all parties together. */
const totalCpu = (cpu: CpuPerTurn) => cpu.process + (cpu.mcpServer ?? 0) + (cpu.database ?? 0);

async function main(): Promise<void> {
  const echo = await startEchoServer();
  const model = zeroLatencyModel();
  const dataDir = databaseUrl ? undefined : await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
  const schema = `bench_${process.pid}`;
  let gateway: Gateway | undefined;
  const connection = new McpConnection({ name: 'bench', transport: { type: 'http', url: echo.url } });
  try {
    const layer = await connection.layer();
    const mcpClients = new Map([['bench', connection]]);
    const catalog = new ToolCatalog([layer]);
    const validator = new SchemaValidator();
    gateway = await createGateway({
      model,
      database: databaseUrl ? { url: databaseUrl, schema } : args.get('memory') === 'true' ? {} : { dataDir },
      users: [{ id: 'bench', name: 'Bench', role: 'user', apiKey: KEY }],
      servers: [{ name: 'bench', url: echo.url }],
      limits: { requestsPerMinute: 0 },
      logger: createLogger({ level: 'silent' }),
    });
    const base = overHttp ? await gateway.listen(0) : 'http://localhost';
    const send = overHttp
      ? (request: Request) => fetch(request)
      : (request: Request) => (gateway as Gateway).fetch(request);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await send(
        new Request(`${base}${path}`, {
          method,
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      const json = (await response.json()) as {
        id?: string;
        success?: boolean;
        stop_reason?: string;
        error?: unknown;
      };
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    };

    const bareMeter = cpuMeter({ mcpServerPid: echo.pid });
    const gatewayMeter = cpuMeter({
      mcpServerPid: echo.pid,
      databaseProcessName: databaseUrl && isLocalDatabase(databaseUrl) ? 'postgres' : undefined,
    });
    const bareSessions = new Map<number, AgentSession>();
    const bareTurn: Turn = async (worker, index, timed) => {
      if (index % turnsPerConversation === 0) bareSessions.set(worker, new AgentSession());
      await timed(async () => {
        const result = await runAgentLoop('echo ping please', {
          provider: model,
          layers: [layer],
          catalog,
          validator,
          mcpClients,
          session: bareSessions.get(worker),
        });
        if (result.stopReason !== 'end_turn' || result.toolCalls.length !== 1)
          throw new Error(`bare turn ended with ${result.stopReason}`);
      });
    };
    const conversations = new Map<number, string>();
    // A new conversation is created before the turn is timed: its cost counts in turns per second only.
    const gatewayTurn: Turn = async (worker, index, timed) => {
      if (index % turnsPerConversation === 0)
        conversations.set(worker, (await call('POST', '/conversations', {})).id as string);
      await timed(async () => {
        const reply = await call('POST', `/conversations/${conversations.get(worker)}/chat`, {
          content: 'echo ping please',
        });
        if (reply.stop_reason !== 'end_turn') throw new Error(`gateway turn ended with ${reply.stop_reason}`);
      });
    };

    await drive(Math.max(...LEVELS), warmupTurns, bareTurn);
    await drive(Math.max(...LEVELS), warmupTurns, gatewayTurn);

    const rows: Array<Record<string, string | number>> = [];
    const addedMs: Record<string, { p50: number; p99: number }> = {};
    const levels: Record<string, unknown> = {};
    let turnsPerSecond = 0;
    for (const concurrency of LEVELS) {
      const total = Math.max(turnsPerLevel, concurrency * turnsPerConversation);
      bareSessions.clear();
      conversations.clear();
      const bareCpu = bareMeter.start();
      const bare = await drive(concurrency, total, bareTurn);
      const bareCpuPerTurn = bareCpu.stop(total);
      const gatewayCpu = gatewayMeter.start();
      const served = await drive(concurrency, total, gatewayTurn);
      const gatewayCpuPerTurn = gatewayCpu.stop(total);
      const tps = (served.latencies.length / served.wallMs) * 1000;
      const bareTps = (bare.latencies.length / bare.wallMs) * 1000;
      const latency = compareLatencies(served.latencies, bare.latencies);
      addedMs[String(concurrency)] = latency.added;
      turnsPerSecond = round(tps);
      levels[String(concurrency)] = {
        turns: total,
        gateway: { turnsPerSecond: round(tps), ...latency.gateway, cpuMsPerTurn: gatewayCpuPerTurn },
        bare: { turnsPerSecond: round(bareTps), ...latency.bare, cpuMsPerTurn: bareCpuPerTurn },
      };
      rows.push({
        conversations: concurrency,
        turns: total,
        'gateway turns/s': round(tps),
        'bare turns/s': round(bareTps),
        ...latency.columns,
        'gateway CPU ms/turn (gw+mcp+db)': `${round(totalCpu(gatewayCpuPerTurn))} (${[gatewayCpuPerTurn.process, gatewayCpuPerTurn.mcpServer ?? '?', gatewayCpuPerTurn.database ?? '-'].map((part) => (typeof part === 'number' ? round(part) : part)).join('+')})`,
        'bare CPU ms/turn (loop+mcp)': `${round(totalCpu(bareCpuPerTurn))} (${round(bareCpuPerTurn.process)}+${bareCpuPerTurn.mcpServer === undefined ? '?' : round(bareCpuPerTurn.mcpServer)})`,
        'CPU ceiling turns/s gw/bare': `${Math.round((availableParallelism() * 1000) / totalCpu(gatewayCpuPerTurn))}/${Math.round((availableParallelism() * 1000) / totalCpu(bareCpuPerTurn))}`,
      });
    }
    // Paced like people: the latency a turn gets at that load (one conversation is never queued: the
    // back-to-back row above already shows it).
    const pacedRows: Array<Record<string, string | number>> = [];
    const pacedAddedMs: Record<string, { p50: number; p99: number }> = {};
    for (const concurrency of LEVELS.filter((level) => level > 1)) {
      const total = Math.max(200, 20 * concurrency);
      const bare: number[] = [];
      const served: number[] = [];
      let servedMs = 0;
      // Passes alternate between the two, so a slow stretch of the machine falls on both alike.
      for (let pass = 0; pass < pacedPasses; pass++) {
        bareSessions.clear();
        conversations.clear();
        bare.push(...(await drive(concurrency, total, bareTurn, thinkMs)).latencies);
        const run = await drive(concurrency, total, gatewayTurn, thinkMs);
        served.push(...run.latencies);
        servedMs += run.wallMs;
      }
      const latency = compareLatencies(served, bare);
      pacedAddedMs[String(concurrency)] = latency.added;
      pacedRows.push({
        conversations: concurrency,
        turns: served.length,
        'gateway turns/s': round((served.length / servedMs) * 1000),
        ...latency.columns,
      });
    }

    console.log(
      `bench:gateway — ${databaseUrl ? 'PostgreSQL' : args.get('memory') === 'true' ? 'PGlite (in memory)' : 'PGlite (data directory)'}, ` +
        `${overHttp ? 'HTTP on loopback' : 'in-process fetch'}, ` +
        `a turn = 2 model calls + 1 MCP call, ${availableParallelism()} cores\n`,
    );
    console.log('turns back to back (saturated):\n');
    printTable(rows);
    if (pacedRows.length > 0) {
      console.log(`\nturns paced like people (next message ${thinkMs} ms ± 50 % after the last answer):\n`);
      printTable(pacedRows);
    }
    console.log(`\nturnsPerSecond (at ${LEVELS.at(-1)} concurrent conversations): ${turnsPerSecond}`);
    await writeJsonIfAsked(args, {
      turnsPerSecond,
      addedMs,
      levels,
      paced: { thinkMs, addedMs: pacedAddedMs },
      setup: {
        database: databaseUrl ? 'postgres' : 'pglite',
        transport: overHttp ? 'http' : 'in-process',
        turnsPerConversation,
      },
    });
  } finally {
    await gateway?.close();
    await connection.close();
    echo.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
}

await main();
