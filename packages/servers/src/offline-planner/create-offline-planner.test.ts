import {
  type AgentLoopOptions,
  AgentSession,
  buildDiscoveryTools,
  type CustomEventMap,
  type ModelRequest,
  type ModelStreamEvent,
  runAgentLoop,
  type ToolLayer,
} from '@switchboard/core';
import { describe, expect, test } from 'vitest';
import { widgetDisplayLayer } from '../../test/support/planner-harness.ts';
import { createCalculatorStorageServer } from '../calculator-storage/create-calculator-storage-server.ts';
import { createOfflinePlanner } from './create-offline-planner.ts';
import { OFFLINE_PLANNER_NOTICE } from './planner-notice.ts';

/** A widget a UI layer showed, as the `widget` event carries it. */
type ShownWidget = CustomEventMap['widget'];

async function run(message: string, options: Partial<AgentLoopOptions> & { layers: ToolLayer[] }) {
  const widgets: ShownWidget[] = [];
  const agentRun = runAgentLoop(message, { provider: createOfflinePlanner(), ...options });
  for await (const event of agentRun) {
    if (event.type === 'CUSTOM' && event.name === 'widget') widgets.push(event.value);
  }
  const result = await agentRun;
  const names = result.toolCalls.map((call) => call.name);
  return { result, widgets, names };
}

async function collect(stream: AsyncIterable<ModelStreamEvent>): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('createOfflinePlanner', () => {
  test('is the offline:planner model and answers the same request the same way', async () => {
    const planner = createOfflinePlanner();
    expect(planner.id).toBe('offline:planner');
    const request: ModelRequest = {
      system: '',
      messages: [{ role: 'user', content: 'what is 5 plus 3' }],
      tools: buildDiscoveryTools([createCalculatorStorageServer().layer()]),
      signal: new AbortController().signal,
    };
    const first = await collect(planner.stream(request));
    expect(await collect(planner.stream(request))).toEqual(first);
    expect(first.filter((event) => event.type === 'tool_call')).toEqual([
      expect.objectContaining({
        name: 'calculator_webmcp_search_tools',
        input: expect.objectContaining({ query: expect.stringContaining('plus') }),
      }),
    ]);
    expect(first.at(-1)).toEqual({ type: 'finish', reason: 'tool_use' });
  });

  test('searches, calls the found tool, displays a stat and answers in one short sentence', async () => {
    const { result, widgets, names } = await run('what is 5 plus 3', {
      layers: [createCalculatorStorageServer().layer(), widgetDisplayLayer()],
    });
    expect(result.stopReason).toBe('end_turn');
    expect(names).toEqual([
      'calculator_webmcp_search_tools',
      'calculator_webmcp_calculate',
      'autoui_webmcp_widget_display',
    ]);
    expect(result.toolCalls[1]).toMatchObject({ args: { operation: 'add', a: 5, b: 3 }, result: '8' });
    expect(widgets).toEqual([expect.objectContaining({ type: 'stat', data: { label: '5 + 3', value: 8 } })]);
    // The calls are tool-call events, not narrated; the notice is shown once by the UI, not in replies.
    expect(result.text).toBe('Result: 8. Shown on the canvas.');
    expect(OFFLINE_PLANNER_NOTICE).toMatch(/not a language model/);
    for (const variable of ['SWITCHBOARD_MODEL', 'ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'OPENAI_BASE_URL']) {
      expect(OFFLINE_PLANNER_NOTICE).toContain(variable);
    }
  });

  test('works across turns: stores a value, then reads it back', async () => {
    const layers = [createCalculatorStorageServer().layer(), widgetDisplayLayer()];
    const session = new AgentSession();
    const stored = await run('store hello under greeting', { layers, session });
    expect(
      stored.result.toolCalls.find((call) => call.name === 'calculator_webmcp_set-storage')?.args,
    ).toEqual({
      key: 'greeting',
      value: 'hello',
    });
    const read = await run('what is stored in greeting', { layers, session });
    expect(read.result.toolCalls.find((call) => call.name === 'calculator_webmcp_get-storage')).toMatchObject(
      {
        args: { key: 'greeting' },
        result: 'hello',
      },
    );
    expect(read.widgets).toEqual([expect.objectContaining({ type: 'markdown', data: { content: 'hello' } })]);
    expect(read.result.text).toBe('Result: hello. Shown on the canvas.');
  });

  test('with every tool offered (eager) and no display tool, it calls directly and answers in text', async () => {
    const { result, widgets, names } = await run('what is 7 times 6?', {
      layers: [createCalculatorStorageServer().layer()],
      discovery: 'eager',
    });
    expect(names).toEqual(['calculator_webmcp_calculate']);
    expect(result.toolCalls[0]?.args).toEqual({ operation: 'multiply', a: 7, b: 6 });
    expect(widgets).toEqual([]);
    expect(result.text).toBe('Result: 42.');
  });

  test('says what it understood and what is missing instead of calling with guesses', async () => {
    const { result, names } = await run('calculate the sum please', {
      layers: [createCalculatorStorageServer().layer(), widgetDisplayLayer()],
    });
    expect(names).toEqual(['calculator_webmcp_search_tools']);
    expect(result.text).toContain('The best matching tool is calculator_webmcp_calculate');
    expect(result.text).toContain('I understood {"operation":"add"}');
    expect(result.text).toMatch(/required arguments from your message: a \(number.*; b \(number/);
    expect(result.text).not.toContain(OFFLINE_PLANNER_NOTICE);
  });

  test('says so when no tool fits', async () => {
    const { result, names } = await run('good morning', {
      layers: [createCalculatorStorageServer().layer(), widgetDisplayLayer()],
    });
    expect(names).toEqual(['calculator_webmcp_search_tools']);
    expect(result.text).toMatch(
      /^I could not find a tool for "good morning"\. Try the words a tool would use/,
    );
    expect(result.text).not.toContain(OFFLINE_PLANNER_NOTICE);
  });

  test('reports a tool error without displaying anything', async () => {
    const { result, widgets } = await run('what is 5 divided by 0', {
      layers: [createCalculatorStorageServer().layer(), widgetDisplayLayer()],
    });
    expect(result.toolCalls.at(-1)).toMatchObject({
      name: 'calculator_webmcp_calculate',
      args: { operation: 'divide', a: 5, b: 0 },
    });
    expect(widgets).toEqual([]);
    expect(result.text).toContain('calculate failed:');
    expect(result.text).toContain('Division by zero');
  });

  test('a conversation without a user request gets an explanation', async () => {
    const events = await collect(
      createOfflinePlanner().stream({
        system: '',
        messages: [],
        tools: [],
        signal: new AbortController().signal,
      }),
    );
    expect(events[0]).toEqual({ type: 'text_delta', text: expect.stringContaining('no request') });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'end_turn' });
  });
});
