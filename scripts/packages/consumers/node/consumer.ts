/**
 * A Node application using the published packages (run by `npm run test:packages` in a project of
 * its own, with the packed tarballs installed): the seeds' API over two layers, then the agent loop
 * with a scripted model calling a tool of a WebMCP server, and the offline planner made. Exits non-zero, saying why, on a mismatch.
 */
import {
  activateServerTools,
  buildDiscoveryToolsWithAliases,
  buildSystemPrompt,
  buildSystemPromptWithAliases,
  buildToolsFromLayers,
  createWebMcpServer,
  resolveCanonicalTools,
  runAgentLoop,
  type ToolLayer,
} from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import { parseModelSpec } from '@switchboard/providers';
import { createCalculatorStorageServer } from '@switchboard/servers/browser';
import { createOfflinePlanner } from '@switchboard/servers/offline-planner';

function expect(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const weather = createWebMcpServer('weather', { description: 'Weather forecasts by city.' });
weather.registerTool({
  name: 'get_forecast',
  description: "Tomorrow's forecast for a city.",
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: async (input) => ({ city: (input as { city: string }).city, forecast: 'sunny', high: 24 }),
});
const calculator = createCalculatorStorageServer();
const layers: ToolLayer[] = [weather.layer(), calculator.layer()];

const prompt = buildSystemPrompt(layers);
expect(prompt.includes('weather') && prompt.includes('calculator'), 'the system prompt names both servers');
const { aliasMap } = buildSystemPromptWithAliases(layers);
const tools = buildToolsFromLayers(layers);
const forecast = tools.find((tool) => tool.name.endsWith('get_forecast'));
expect(forecast !== undefined, `a prefixed forecast tool among ${tools.map((tool) => tool.name).join(', ')}`);
const discovery = buildDiscoveryToolsWithAliases(layers);
expect(discovery.tools.length > 0 && discovery.tools.length < tools.length + 10, 'discovery tools');
const activated = activateServerTools(discovery.tools, layers[0]);
expect(
  activated.some((tool) => tool.name === forecast.name),
  'activating the weather server adds its tools',
);
const canonical = resolveCanonicalTools(layers[1]);
expect(canonical.aliases instanceof Map, 'canonical recipe tools resolve');
expect(parseModelSpec('offline').vendor === 'offline', 'providers parse a model spec');
expect(createOfflinePlanner().id === 'offline:planner', 'the servers package makes the offline planner');

const model = createScriptedModel([
  { toolCalls: [{ id: 'call-1', name: forecast.name, input: { city: 'Lyon' } }] },
  (request) => {
    const result = JSON.stringify(request.messages.at(-1));
    return { text: result.includes('sunny') ? 'Sunny in Lyon tomorrow.' : 'No forecast.' };
  },
]);
const run = runAgentLoop('What is the weather tomorrow in Lyon?', { provider: model, layers });
const events: string[] = [];
for await (const event of run) events.push(event.type);
const result = await run;
expect(result.stopReason === 'end_turn', `stop reason ${result.stopReason} (${result.error ?? ''})`);
expect(result.text === 'Sunny in Lyon tomorrow.', `answer "${result.text}"`);
expect(result.toolCalls[0]?.result.includes('sunny') === true, 'the tool ran on the WebMCP server');
expect(events.includes('TOOL_CALL_START') && events.at(-1) === 'RUN_FINISHED', `events ${events.join(',')}`);
console.log(
  `node consumer: ${tools.length} tools from 2 layers, prompt ${prompt.length} chars, ${aliasMap.size} aliases; ` +
    `runAgentLoop called ${result.toolCalls[0].name} and answered "${result.text}" (${events.length} events)`,
);
