/**
 * bench:cache — Anthropic prompt caching over conversations that activate tools. The real agent loop
 * runs scripted conversations over a real catalog through the real Anthropic adapter against the fake
 * vendor server, which simulates Anthropic's cache (prefix hashes at breakpoints, the 20-block
 * lookback, the model's minimum; token counts approximate: JSON characters / 4 per block):
 *
 * - global: every server of --servers (global discovery): search, call what it found, call it again,
 *   search again, call, answer; a follow-up turn calling the last tool twice; a third that searches;
 * - per-server: the 6 servers with the most tools (per-server discovery): each turn calls a tool of a
 *   server not used yet (activating all its tools, 20 or more at once), then again, then answers.
 *
 * Per model call it prints the input tokens uncached, read from the cache and written to it, for
 * three layouts side by side, each against its own fresh cache:
 *
 * - before: breakpoints on the last tool and the system prompt only (the adapter's old layout);
 * - last-message: plus the history, on the last message and the one before it (no hints from the
 *   loop, so compression rewriting an older tool result invalidates both);
 * - after: the adapter's layout with the loop's hints (after the previous request's tools, the last
 *   tool, the system prompt, the history the next step keeps, the last message; at most 4).
 *
 * Billed = uncached + 1.25 × written + 0.1 × read (Anthropic's 5-minute-cache prices).
 *
 *   npm run bench:cache -- [--servers ../shared/data/livemcpbench/servers.json] [--result-kb 2] [--model claude-sonnet-4-6] [--json out.json]
 */

import {
  type AgentEvent,
  AgentSession,
  type JsonSchema,
  type LanguageModel,
  type McpToolClient,
  runAgentLoop,
  ToolCatalog,
  type ToolLayer,
} from '@switchboard/core';
import { createAnthropicModel } from '@switchboard/providers';
import {
  anthropicStream,
  type FakeStreamReply,
  minimumCacheableTokens,
  type RecordedRequest,
  startFakeModelServer,
} from '@switchboard/providers/testing';
import { printTable, readArgs, writeJsonIfAsked } from './bench-args.ts';
import { readServers, toLayers } from './load-catalog-data.ts';

const args = readArgs();
const serverFiles = args.get('servers') ?? '../shared/data/livemcpbench/servers.json';
const resultBytes = Number(args.get('result-kb') ?? 2) * 1024;
const MODEL = args.get('model') ?? 'claude-sonnet-4-6';

/** What the model's request holds that a scripted step looks at. */
interface RequestBody {
  tools?: Array<{ name: string; input_schema: JsonSchema }>;
}

/** One scripted model call: what the model does, given its request and the request before it. */
type Step = (body: RequestBody, before: RequestBody | undefined) => FakeStreamReply;

interface Scenario {
  name: string;
  layers: ToolLayer[];
  catalog: ToolCatalog;
  turns: Array<{ message: string; steps: Step[] }>;
}

/** Calls the discovery search. */
const search =
  (query: string): Step =>
  (body) => {
    const name = body.tools?.find((tool) => tool.name.endsWith('search_tools'))?.name ?? 'search_tools';
    return anthropicStream({ toolCalls: [{ name, input: { query } }] });
  };

/** Calls the first tool the last search revealed (the first not offered in the request before). */
const callFound: Step = (body, before) => {
  const offered = new Set((before?.tools ?? []).map((tool) => tool.name));
  const tools = body.tools ?? [];
  return call(tools.find((tool) => !offered.has(tool.name)) ?? tools[0]);
};

/** Calls the last tool offered (one found earlier in the conversation). */
const callAgain: Step = (body) => call((body.tools ?? []).filter((tool) => tool.name !== 'recall').at(-1));

/** Calls the first tool of a server, whether it is offered yet or not (its first call activates it). */
const callServer =
  (catalog: ToolCatalog, layer: ToolLayer): Step =>
  () =>
    call(catalog.toolsForLayer(layer)[0]);

const answer =
  (text: string): Step =>
  () =>
    anthropicStream({ text });

function call(tool: { name: string; input_schema: JsonSchema } | undefined): FakeStreamReply {
  if (!tool) throw new Error('the scripted model found no tool to call');
  return anthropicStream({ toolCalls: [{ name: tool.name, input: sampleArgs(tool.input_schema) }] });
}

/** Arguments that satisfy a schema's required properties. */
function sampleArgs(schema: JsonSchema | undefined): Record<string, unknown> {
  const object = (schema ?? {}) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const input: Record<string, unknown> = {};
  for (const name of object.required ?? []) input[name] = sampleValue(object.properties?.[name]);
  return input;
}

function sampleValue(schema: JsonSchema | undefined): unknown {
  const node = (schema ?? {}) as { type?: string | string[]; enum?: unknown[] };
  if (node.enum?.length) return node.enum[0];
  const type = Array.isArray(node.type) ? node.type.find((entry) => entry !== 'null') : node.type;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return sampleArgs(schema);
  return 'AAPL';
}

function scenarios(): Scenario[] {
  const all = toLayers(readServers(serverFiles));
  const global = new ToolCatalog(all);
  const largest = [...all].sort((a, b) => b.tools.length - a.tools.length).slice(0, 6);
  const perServer = new ToolCatalog(largest);
  return [
    {
      name: 'global',
      layers: all,
      catalog: global,
      turns: [
        {
          message: 'How did Apple stock do this month? Chart it.',
          steps: [
            search('stock price history'),
            callFound,
            callAgain,
            search('line chart'),
            callFound,
            answer('Here it is.'),
          ],
        },
        {
          message: 'Compare with Microsoft.',
          steps: [callAgain, callAgain, answer('Microsoft did better.')],
        },
        {
          message: 'Any news on either?',
          steps: [search('news headlines'), callFound, answer('Two stories.')],
        },
      ],
    },
    {
      name: 'per-server',
      layers: largest,
      catalog: perServer,
      turns: largest.slice(0, 3).map((layer, index) => ({
        message: `Use ${layer.serverName} (${index + 1}).`,
        steps: [callServer(perServer, layer), callAgain, answer('Done.')],
      })),
    },
  ];
}

interface StepUsage {
  turn: number;
  step: number;
  tools: number;
  activated: boolean;
  uncached: number;
  read: number;
  written: number;
}

/** The layouts compared: the adapter's caching mode, and whether it gets the loop's hints. */
const LAYOUTS = {
  before: { promptCaching: 'prefix', hints: false },
  'last-message': { promptCaching: true, hints: false },
  after: { promptCaching: true, hints: true },
} as const;
type Layout = keyof typeof LAYOUTS;
const LAYOUT_NAMES = Object.keys(LAYOUTS) as Layout[];

/** Every MCP server answers any call with a result of about --result-kb. */
const client: McpToolClient = {
  async callTool(toolName, input) {
    const rows = [];
    for (let index = 0; JSON.stringify(rows).length < resultBytes; index++) {
      rows.push({ tool: toolName, index, input, value: (index * 7919) % 1000 });
    }
    return { text: JSON.stringify(rows), isError: false };
  },
};

async function runConversation(scenario: Scenario, layout: Layout): Promise<StepUsage[]> {
  const vendor = await startFakeModelServer({ anthropicPromptCache: true });
  const anthropic = createAnthropicModel({
    apiKey: 'sk-ant-bench',
    model: MODEL,
    baseURL: vendor.anthropicBaseURL,
    promptCaching: LAYOUTS[layout].promptCaching,
  });
  const provider: LanguageModel = LAYOUTS[layout].hints
    ? anthropic
    : {
        id: anthropic.id,
        stream: (request) =>
          anthropic.stream({ ...request, stableToolCount: undefined, stableMessageCount: undefined }),
      };
  const mcpClients = new Map(scenario.layers.map((layer) => [layer.serverName, client]));
  const session = new AgentSession();
  const usages: StepUsage[] = [];
  let before: RequestBody | undefined;
  try {
    for (const [index, turn] of scenario.turns.entries()) {
      vendor.enqueue(
        ...turn.steps.map((step) => (request: RecordedRequest) => {
          const body = request.body as RequestBody;
          const reply = step(body, before);
          before = body;
          return reply;
        }),
      );
      let activated = false;
      let tools = 0;
      const onEvent = (event: AgentEvent) => {
        if (event.type !== 'CUSTOM') return;
        if (event.name === 'tools_activated') activated = true;
        if (event.name === 'model_request') tools = (event.value as { tools: number }).tools;
        if (event.name !== 'model_response') return;
        const { usage } = event.value as {
          usage: { inputTokens: number; cacheReadTokens?: number; cacheWriteTokens?: number };
        };
        const turnNumber = index + 1;
        usages.push({
          turn: turnNumber,
          step: usages.filter((entry) => entry.turn === turnNumber).length + 1,
          tools,
          activated,
          uncached: usage.inputTokens,
          read: usage.cacheReadTokens ?? 0,
          written: usage.cacheWriteTokens ?? 0,
        });
        activated = false;
      };
      const result = await runAgentLoop(turn.message, {
        provider,
        layers: scenario.layers,
        catalog: scenario.catalog,
        session,
        mcpClients,
        callbacks: { onEvent },
      });
      if (result.stopReason !== 'end_turn') {
        throw new Error(
          `${scenario.name}/${layout}: turn ${index + 1} ended ${result.stopReason}: ${result.error}`,
        );
      }
    }
  } finally {
    await vendor.close();
  }
  return usages;
}

const billed = (usage: Pick<StepUsage, 'uncached' | 'read' | 'written'>) =>
  usage.uncached + 1.25 * usage.written + 0.1 * usage.read;

const SHORT: Record<Layout, string> = { before: 'B', 'last-message': 'L', after: 'A' };
const report: Array<{ scenario: string; steps: Record<Layout, StepUsage[]>; totals: unknown[] }> = [];
let afterIsCheaper = true;

console.log(
  `${MODEL} (caches prefixes of ${minimumCacheableTokens(MODEL)}+ tokens); tool results ~${resultBytes / 1024} KB; ` +
    'B = before, L = last-message, A = after; "+act": tools activated since the previous call',
);
for (const scenario of scenarios()) {
  const steps = {} as Record<Layout, StepUsage[]>;
  for (const layout of LAYOUT_NAMES) steps[layout] = await runConversation(scenario, layout);

  console.log(
    `\n${scenario.name}: ${scenario.layers.length} servers, ${scenario.catalog.discoveryMode} discovery\n`,
  );
  printTable(
    steps.after.map((row, index) => {
      const cells: Record<string, string | number> = {
        turn: row.turn,
        step: row.step,
        tools: `${row.tools}${row.activated ? ' +act' : ''}`,
      };
      for (const layout of LAYOUT_NAMES) {
        const usage = steps[layout][index];
        cells[`${SHORT[layout]} uncached`] = usage.uncached;
        cells[`${SHORT[layout]} read`] = usage.read;
        cells[`${SHORT[layout]} write`] = usage.written;
      }
      return cells;
    }),
  );
  const totals = LAYOUT_NAMES.map((layout) => {
    const sum = steps[layout].reduce(
      (total, usage) => ({
        uncached: total.uncached + usage.uncached,
        read: total.read + usage.read,
        written: total.written + usage.written,
      }),
      { uncached: 0, read: 0, written: 0 },
    );
    return { layout, ...sum, billed: Math.round(billed(sum)) };
  });
  const baseline = totals[0].billed;
  console.log('');
  printTable(
    totals.map((total) => ({ ...total, 'vs before': `${((total.billed / baseline) * 100).toFixed(1)}%` })),
  );
  if ((totals.at(-1)?.billed ?? baseline) >= baseline) afterIsCheaper = false;
  report.push({ scenario: scenario.name, steps, totals });
}

await writeJsonIfAsked(args, { model: MODEL, resultBytes, scenarios: report });
if (!afterIsCheaper) process.exitCode = 1;
