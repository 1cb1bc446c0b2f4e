import { describe, expect, it, vi } from 'vitest';
import {
  createCalculatorStorageServer,
  createTestWidgetServer,
  weatherClient,
  weatherLayer,
} from '../../test/support/test-layers.ts';
import { AgentSession } from '../session/agent-session.ts';
import type { ScriptedTurn } from '../testing/scripted-model.ts';
import { createScriptedModel } from '../testing/scripted-model.ts';
import type { AgentEvent } from '../types/events.ts';
import type { ClientLayer } from '../types/layers.ts';
import type { ChatMessage, ToolResultBlock } from '../types/messages.ts';
import { createWebMcpServer } from '../webmcp/webmcp-server.ts';
import type { AgentLoopOptions } from './run-agent-loop.ts';
import { ResumeError, resumeAgentLoop, runAgentLoop } from './run-agent-loop.ts';

function options(turns: ScriptedTurn[], extra: Partial<AgentLoopOptions> = {}) {
  const provider = createScriptedModel(turns);
  const calculator = createCalculatorStorageServer();
  return {
    provider,
    layers: [calculator.layer(), createTestWidgetServer().layer()],
    ...extra,
  } satisfies AgentLoopOptions;
}

function lastToolResults(messages: ChatMessage[]): ToolResultBlock[] {
  const last = [...messages]
    .reverse()
    .find(
      (message) =>
        Array.isArray(message.content) && message.content.some((block) => block.type === 'tool_result'),
    );
  return (last?.content as ToolResultBlock[]) ?? [];
}

describe('runAgentLoop', () => {
  it('ends the turn when the model answers with text, streaming AG-UI events', async () => {
    const run = runAgentLoop('hello', options([{ text: 'Hi there, how can I help?' }]));
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    const result = await run;
    expect(result.stopReason).toBe('end_turn');
    expect(result.text).toBe('Hi there, how can I help?');
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('RUN_STARTED');
    expect(types.at(-1)).toBe('RUN_FINISHED');
    expect(types).toContain('TEXT_MESSAGE_START');
    expect(
      events.flatMap((event) => (event.type === 'TEXT_MESSAGE_CONTENT' ? [event.delta] : [])).join(''),
    ).toBe('Hi there, how can I help?');
    expect(result.session.messages).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi there, how can I help?' }] },
    ]);
  });

  it('runs "what is 5 plus 3" through the WebMCP calculator and feeds the result back', async () => {
    const onToolCall = vi.fn();
    const result = await runAgentLoop(
      'what is 5 plus 3',
      options(
        [
          {
            toolCalls: [
              { id: 'toolu_1', name: 'calculator_webmcp_calculate', input: { operation: 'add', a: 5, b: 3 } },
            ],
          },
          (request) => ({ text: `The answer is ${lastToolResults(request.messages)[0].content}.` }),
        ],
        { callbacks: { onToolCall } },
      ),
    );
    expect(result.stopReason).toBe('end_turn');
    expect(result.text).toBe('The answer is 8.');
    expect(onToolCall).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'toolu_1',
        name: 'calculator_webmcp_calculate',
        server: 'calculator',
        tool: 'calculate',
        result: '8',
      }),
    );
    expect(result.metrics).toMatchObject({ iterations: 2, toolCalls: 1, toolErrors: 0, modelCalls: 2 });
  });

  it("starts with discovery tools and appends a server's tools after its first call, never reordering", async () => {
    const provider = createScriptedModel([
      { toolCalls: [{ name: 'calculator_webmcp_search_tools', input: { query: 'arithmetic' } }] },
      { toolCalls: [{ name: 'calculator_webmcp_calculate', input: { operation: 'multiply', a: 6, b: 7 } }] },
      { text: '42' },
    ]);
    await runAgentLoop('6 times 7', { ...options([]), provider });
    const [first, second, third] = provider.requests.map((request) => request.tools.map((tool) => tool.name));
    expect(first).toContain('calculator_webmcp_search_tools');
    expect(first).not.toContain('calculator_webmcp_set-storage');
    expect(second.slice(0, first.length)).toEqual(first);
    expect(second).toContain('calculator_webmcp_calculate');
    expect(third.slice(0, second.length)).toEqual(second);
    expect(third).toContain('calculator_webmcp_set-storage');
  });

  it('offers at most maxToolsPerRequest tools, keeping the discovery tools and the tool called', async () => {
    const big = createWebMcpServer('big', { description: 'Many tools.' });
    for (let n = 0; n < 200; n++) {
      big.registerTool({
        name: `tool_${n}`,
        description: `Tool ${n}.`,
        inputSchema: { type: 'object' },
        execute: () => n,
      });
    }
    const provider = createScriptedModel([
      { toolCalls: [{ name: 'big_webmcp_tool_3', input: {} }] },
      { text: 'Done.' },
    ]);
    await runAgentLoop('use tool 3', { provider, layers: [big.layer()] });
    const [first, second] = provider.requests.map((request) => request.tools.map((tool) => tool.name));
    expect(first).toEqual(['big_webmcp_search_tools', 'big_webmcp_list_tools']);
    expect(second).toHaveLength(128);
    expect(second.slice(0, 3)).toEqual([...first, 'big_webmcp_tool_3']);
    expect(second.at(-1)).toBe('big_webmcp_tool_199');
  });

  it("routes the seed's weather_mcp_get_forecast through its alias to the MCP server", async () => {
    const calls: Array<{ tool: string; args: unknown }> = [];
    const result = await runAgentLoop('weather in Paris', {
      provider: createScriptedModel([
        {
          toolCalls: [
            { id: 'toolu_1234', name: 'weather_mcp_get_forecast', input: { location: 'Paris', days: 3 } },
          ],
        },
        { text: 'It is 18 degrees.' },
      ]),
      layers: [weatherLayer],
      catalogOptions: { aliases: { weather_mcp_get_forecast: 'weather_mcp_get_weather_data' } },
      mcpClients: new Map([['weather', weatherClient(calls)]]),
    });
    expect(calls).toEqual([{ tool: 'get_weather_data', args: { location: 'Paris', days: 3 } }]);
    expect(result.toolCalls[0]).toMatchObject({
      name: 'weather_mcp_get_forecast',
      resolvedName: 'weather_mcp_get_weather_data',
      result: '{"temp":18,"wind":12}',
    });
  });

  it('answers a schema violation with the error, details and expected_schema, and the loop goes on', async () => {
    const result = await runAgentLoop(
      'show sales',
      options([
        {
          toolCalls: [
            {
              id: 't1',
              name: 'autoui_webmcp_widget_display',
              input: { name: 'stat-card', params: { label: 'Sales' } },
            },
          ],
        },
        {
          toolCalls: [{ id: 't2', name: 'calculator_webmcp_calculate', input: { operation: 'add', a: '5' } }],
        },
        { text: 'done' },
      ]),
    );
    const [widgetResult, calcResult] = result.toolCalls.map((call) => call.result);
    expect(JSON.parse(widgetResult)).toMatchObject({
      error: 'Validation failed',
      details: [{ path: '/value', message: 'required' }],
      expected_schema: { required: ['label', 'value'] },
    });
    expect(JSON.parse(calcResult)).toMatchObject({
      error: 'Validation failed',
      expected_schema: { required: ['operation', 'a', 'b'] },
    });
    expect(result.stopReason).toBe('end_turn');
  });

  it("re-emits the effects a UI layer's tools emit as CUSTOM events", async () => {
    const events: AgentEvent[] = [];
    const result = await runAgentLoop(
      'show conversion',
      options(
        [
          {
            toolCalls: [
              {
                id: 't1',
                name: 'autoui_webmcp_widget_display',
                input: { name: 'stat-card', params: { label: 'Conversion', value: '3.2%', trend: 'up' } },
              },
            ],
          },
          {
            toolCalls: [
              {
                id: 't2',
                name: 'autoui_webmcp_canvas',
                input: { action: 'move', id: 'w_t1', params: { x: 10, y: 20 } },
              },
            ],
          },
          { text: 'shown' },
        ],
        { callbacks: { onEvent: (event) => events.push(event) } },
      ),
    );
    expect(JSON.parse(result.toolCalls[0].result)).toMatchObject({ widget: 'stat-card', id: 'w_t1' });
    const custom = events.flatMap((event) =>
      event.type === 'CUSTOM' && (event.name === 'widget' || event.name === 'canvas') ? [event.value] : [],
    );
    expect(custom).toEqual([
      {
        id: 'w_t1',
        type: 'stat-card',
        data: { label: 'Conversion', value: '3.2%', trend: 'up' },
        toolCallId: 't1',
      },
      { action: 'move', id: 'w_t1', params: { x: 10, y: 20 }, toolCallId: 't2' },
    ]);
  });

  it('answers unknown tools and non-object inputs with actionable errors and keeps going', async () => {
    const result = await runAgentLoop(
      'x',
      options([
        {
          toolCalls: [
            { name: 'nonsense', input: {} },
            { name: 'calculator_webmcp_calculate', input: [1, 2] },
            { name: 'ghost_mcp_tool', input: {} },
          ],
        },
        { text: 'sorry' },
      ]),
    );
    const [unknown, notObject, ghost] = result.toolCalls;
    expect(unknown.result).toMatch(/^Error: unknown tool "nonsense".*calculator/);
    expect(notObject.result).toMatch(/must be a JSON object of arguments, not an array/);
    expect(ghost.result).toMatch(/unknown tool "ghost_mcp_tool"/);
    expect(result.stopReason).toBe('end_turn');
    expect(result.metrics.toolErrors).toBe(3);
  });

  it('reports a missing MCP client instead of failing', async () => {
    const result = await runAgentLoop('weather', {
      provider: createScriptedModel([
        { toolCalls: [{ name: 'weather_mcp_get_alerts', input: { region: 'IDF' } }] },
        { text: 'ok' },
      ]),
      layers: [weatherLayer],
    });
    expect(result.toolCalls[0].result).toBe(
      'Error: no MCP client available for tool weather_mcp_get_alerts (server "weather" is not connected)',
    );
  });

  it('truncates oversized results, keeps the full text for recall, and compresses old results', async () => {
    const server = createCalculatorStorageServer();
    const big = JSON.stringify(
      Array.from({ length: 3000 }, (_, index) => ({ index, label: `row ${index}` })),
    );
    server.registerTool({ name: 'dump', description: 'Big data', execute: () => big });
    const turns: ScriptedTurn[] = [
      { toolCalls: [{ id: 'toolu_1', name: 'calculator_webmcp_dump', input: {} }] },
      {
        toolCalls: [
          { id: 'toolu_2', name: 'calculator_webmcp_calculate', input: { operation: 'add', a: 1, b: 1 } },
        ],
      },
      {
        toolCalls: [
          { id: 'toolu_3', name: 'calculator_webmcp_calculate', input: { operation: 'add', a: 2, b: 2 } },
        ],
      },
      { toolCalls: [{ id: 'toolu_4', name: 'recall', input: { id: 'toolu_1' } }] },
      { text: 'done' },
    ];
    const provider = createScriptedModel(turns);
    const result = await runAgentLoop('dump', { provider, layers: [server.layer()] });
    const truncated = result.toolCalls[0].result;
    expect(truncated.length).toBeLessThanOrEqual(10_000);
    expect(JSON.parse(truncated).at(-1)).toMatch(/3000 items in all.*recall\('toolu_1'\)/);
    const fourthRequest = JSON.stringify(provider.requests[3].messages);
    expect(fourthRequest).toContain("recall('toolu_1') for the full result");
    expect(provider.requests[3].tools.map((tool) => tool.name)).toContain('recall');
    expect(result.toolCalls[3].result).toBe(big);
  });

  it('stops at the per-request iteration limit and at the session limit', async () => {
    const spin: ScriptedTurn = (request) => ({
      toolCalls: [
        {
          name: 'calculator_webmcp_calculate',
          input: { operation: 'add', a: request.messages.length, b: 1 },
        },
      ],
    });
    const first = await runAgentLoop('spin', options(Array(10).fill(spin), { limits: { maxIterations: 3 } }));
    expect(first.stopReason).toBe('max_iterations');
    expect(first.toolCalls).toHaveLength(3);
    const session = new AgentSession();
    const limited = { limits: { maxSessionToolTurns: 4 }, session };
    expect(
      (await runAgentLoop('a', options(Array(3).fill(spin).concat({ text: 'ok' }), limited))).stopReason,
    ).toBe('end_turn');
    expect((await runAgentLoop('b', options(Array(5).fill(spin), limited))).stopReason).toBe(
      'max_tool_calls',
    );
    expect(session.toolTurns).toBe(4);
  });

  it('tells the model when it repeats the same call instead of spinning', async () => {
    const same = {
      toolCalls: [{ name: 'calculator_webmcp_calculate', input: { operation: 'add', a: 1, b: 1 } }],
    };
    const result = await runAgentLoop('loop', options([same, same, same, { text: 'ok' }]));
    expect(result.toolCalls.map((call) => call.result).slice(0, 2)).toEqual(['2', '2']);
    const third = lastToolResults(result.session.messages)[0];
    expect(third.content).toMatch(/already called 2 times with exactly this input/);
    expect(result.stopReason).toBe('end_turn');
  });

  it('runs the independent calls of one step in parallel', async () => {
    const server = createCalculatorStorageServer();
    const order: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.registerTool({
      name: 'wait',
      description: 'Waits',
      annotations: { readOnlyHint: true },
      inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
      execute: async ({ n }) => {
        order.push(`start ${n}`);
        if (n === 2) release();
        await gate;
        order.push(`end ${n}`);
        return 'done';
      },
    });
    await runAgentLoop('both', {
      provider: createScriptedModel([
        {
          toolCalls: [
            { name: 'calculator_webmcp_wait', input: { n: 1 } },
            { name: 'calculator_webmcp_wait', input: { n: 2 } },
          ],
        },
        { text: 'ok' },
      ]),
      layers: [server.layer()],
    });
    expect(order.slice(0, 2)).toEqual(['start 1', 'start 2']);
  });

  it('stops with aborted when the signal fires during a tool call, leaving no orphaned tool_use', async () => {
    const server = createCalculatorStorageServer();
    const controller = new AbortController();
    server.registerTool({
      name: 'hang',
      description: 'Never answers',
      execute: () => {
        controller.abort();
        return new Promise(() => {});
      },
    });
    const result = await runAgentLoop('hang', {
      provider: createScriptedModel([
        { toolCalls: [{ id: 'h1', name: 'calculator_webmcp_hang', input: {} }] },
        { text: 'never' },
      ]),
      layers: [server.layer()],
      signal: controller.signal,
    });
    expect(result.stopReason).toBe('aborted');
    expect(lastToolResults(result.session.messages)).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'h1',
        content: 'Error: calculator_webmcp_hang was cancelled',
        is_error: true,
      },
    ]);
  });

  it('times out a hanging local tool with a clear error and goes on', async () => {
    const server = createCalculatorStorageServer();
    server.registerTool({ name: 'hang', description: 'Never answers', execute: () => new Promise(() => {}) });
    const result = await runAgentLoop('hang', {
      provider: createScriptedModel([
        { toolCalls: [{ name: 'calculator_webmcp_hang', input: {} }] },
        { text: 'it hung' },
      ]),
      layers: [server.layer()],
      toolTimeoutMs: 50,
    });
    expect(result.toolCalls[0].result).toBe(
      'Error: calculator_webmcp_hang timed out after 50 ms; try again, narrow the request, or use another tool',
    );
    expect(result.stopReason).toBe('end_turn');
  });

  it('stops with error and RUN_ERROR when the model fails', async () => {
    const events: AgentEvent[] = [];
    const result = await runAgentLoop(
      'x',
      options([{ error: 'overloaded' }], { callbacks: { onEvent: (event) => events.push(event) } }),
    );
    expect(result.stopReason).toBe('error');
    expect(result.error).toBe('model error: overloaded');
    expect(events.at(-1)).toMatchObject({ type: 'RUN_ERROR', message: 'model error: overloaded' });
  });
});

describe('suspending and resuming', () => {
  const pageLayer: ClientLayer = {
    protocol: 'webmcp',
    serverName: 'page',
    description: "Tools of the user's browser page",
    executedBy: 'client',
    tools: [
      {
        name: 'get_selection',
        description: 'The selected text',
        inputSchema: { type: 'object', properties: {} },
      },
    ],
  };

  it('hands client-side tools to the client and resumes from a serialized session (another replica)', async () => {
    const base = options([
      {
        toolCalls: [
          { id: 'c1', name: 'page_webmcp_get_selection', input: {} },
          { id: 'c2', name: 'calculator_webmcp_calculate', input: { operation: 'add', a: 1, b: 2 } },
        ],
      },
      (request) => ({ text: `Selection: ${lastToolResults(request.messages)[0].content}` }),
    ]);
    const layers = [...base.layers, pageLayer];
    const first = await runAgentLoop('what did I select?', { ...base, layers });
    expect(first.stopReason).toBe('awaiting_client_tool');
    expect(first.pending.map((call) => call.block.id)).toEqual(['c1']);
    expect(first.session.suspended?.results.c2.content).toBe('3');

    const restored = AgentSession.fromJSON(JSON.parse(JSON.stringify(first.session)));
    await expect(
      resumeAgentLoop(
        { toolResults: [{ toolCallId: 'nope', content: 'x' }] },
        { ...base, layers, session: restored },
      ),
    ).rejects.toBeInstanceOf(ResumeError);
    await expect(
      resumeAgentLoop(
        { toolResults: [{ toolCallId: 'c2', content: 'x' }] },
        { ...base, layers, session: restored },
      ),
    ).rejects.toThrow('already has a result');
    const resumed = await resumeAgentLoop(
      { toolResults: [{ toolCallId: 'c1', content: 'hello world' }] },
      { ...base, layers, session: restored },
    );
    expect(resumed.stopReason).toBe('end_turn');
    expect(resumed.text).toBe('Selection: hello world');
    expect(restored.suspended).toBeUndefined();
    await expect(
      resumeAgentLoop(
        { toolResults: [{ toolCallId: 'c1', content: 'again' }] },
        { ...base, layers, session: restored },
      ),
    ).rejects.toThrow('nothing to resume');
  });

  it('asks before calls the policy marks "ask", runs approved ones and tells the model about denied ones', async () => {
    const approvalPolicies = [{ rules: [{ match: 'calculator:set-storage', action: 'ask' as const }] }];
    const store = {
      toolCalls: [
        { id: 's1', name: 'calculator_webmcp_set-storage', input: { key: 'greeting', value: 'hello' } },
      ],
    };
    const base = options([store, (request) => ({ text: lastToolResults(request.messages)[0].content })], {
      approvalPolicies,
    });
    const first = await runAgentLoop('store hello under greeting', base);
    expect(first.stopReason).toBe('awaiting_approval');
    const approved = await resumeAgentLoop(
      { approvals: [{ toolCallId: 's1', decision: 'approve' }] },
      { ...base, session: first.session },
    );
    expect(approved.text).toBe('Stored value at key: greeting');

    const denyBase = options([store, (request) => ({ text: lastToolResults(request.messages)[0].content })], {
      approvalPolicies,
    });
    const second = await runAgentLoop('store it', denyBase);
    const denied = await resumeAgentLoop(
      { approvals: [{ toolCallId: 's1', decision: 'deny' }] },
      { ...denyBase, session: second.session },
    );
    expect(denied.text).toMatch(/the user denied this tool call/);
  });

  it('answers a call the policy denies without running it, and says so in a tool_call_denied event', async () => {
    const events: AgentEvent[] = [];
    const result = await runAgentLoop(
      'store hello under greeting',
      options(
        [
          {
            toolCalls: [
              { id: 's1', name: 'calculator_webmcp_set-storage', input: { key: 'greeting', value: 'hello' } },
            ],
          },
          (request) => ({ text: lastToolResults(request.messages)[0].content }),
        ],
        {
          approvalPolicies: [{ rules: [{ match: 'calculator:set-storage', action: 'deny' }] }],
          callbacks: { onEvent: (event) => events.push(event) },
        },
      ),
    );
    expect(result.text).toMatch(/not allowed by the approval policy/);
    expect(result.toolCalls).toEqual([]);
    expect(
      events.flatMap((event) =>
        event.type === 'CUSTOM' && event.name === 'tool_call_denied' ? [event.value] : [],
      ),
    ).toEqual([
      { toolCallId: 's1', name: 'calculator_webmcp_set-storage', server: 'calculator', tool: 'set-storage' },
    ]);
  });

  it('answers pending calls as not run when the user moves on, so history stays consistent', async () => {
    const base = options([
      { toolCalls: [{ id: 'c1', name: 'page_webmcp_get_selection', input: {} }] },
      { text: 'ok' },
    ]);
    const layers = [...base.layers, pageLayer];
    const first = await runAgentLoop('selection?', { ...base, layers });
    const second = await runAgentLoop('never mind', { ...base, layers, session: first.session });
    expect(second.stopReason).toBe('end_turn');
    const messages = second.session.messages;
    expect(messages[2]).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'c1',
          content: expect.stringMatching(/^Error: not run/),
          is_error: true,
        },
        { type: 'text', text: 'never mind' },
      ],
    });
  });
});

describe('parallel execution', () => {
  it('runs writes to one server one after another, and read-only calls side by side', async () => {
    const server = createCalculatorStorageServer();
    const log: string[] = [];
    const tool = (name: string, readOnlyHint: boolean) =>
      server.registerTool({
        name,
        description: name,
        inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
        annotations: { readOnlyHint },
        execute: async ({ n }) => {
          log.push(`start ${name} ${n}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          log.push(`end ${name} ${n}`);
          return 'ok';
        },
      });
    tool('write', false);
    tool('read', true);
    await runAgentLoop('go', {
      provider: createScriptedModel([
        {
          toolCalls: [
            { name: 'calculator_webmcp_write', input: { n: 1 } },
            { name: 'calculator_webmcp_write', input: { n: 2 } },
            { name: 'calculator_webmcp_read', input: { n: 3 } },
            { name: 'calculator_webmcp_read', input: { n: 4 } },
          ],
        },
        { text: 'ok' },
      ]),
      layers: [server.layer()],
    });
    expect(log.indexOf('end write 1')).toBeLessThan(log.indexOf('start write 2'));
    expect(log.indexOf('start read 4')).toBeLessThan(log.indexOf('end read 3'));
  });

  it('sends at most maxHistoryChars of history (oldest whole turns left out), each request as it was sent', async () => {
    const earlier: ChatMessage[] = Array.from({ length: 20 }, (_, index): ChatMessage[] => [
      { role: 'user', content: `question ${index}` },
      { role: 'assistant', content: `answer ${index} ${'x'.repeat(90)}` },
    ]).flat();
    const ask = async (maxHistoryChars: number) => {
      const provider = createScriptedModel([
        { toolCalls: [{ id: 'c1', name: 'calculator_webmcp_add', input: { a: 1, b: 2 } }] },
        { text: 'It is 3.' },
      ]);
      const session = new AgentSession({ messages: [...earlier] });
      await runAgentLoop('what is 1 plus 2', {
        provider,
        layers: [createCalculatorStorageServer().layer()],
        discovery: 'eager',
        session,
        maxHistoryChars,
      });
      expect(session.messages).toHaveLength(earlier.length + 4);
      return provider.requests;
    };
    const [trimmed] = await ask(500);
    expect(trimmed.messages[0]).toEqual({ role: 'user', content: expect.stringMatching(/^question \d+$/) });
    expect(trimmed.messages.length).toBeLessThan(earlier.length);
    expect(JSON.stringify(trimmed.messages).length).toBeLessThan(1_000);
    // Within the bound, the whole history, and the first request still ends with the question after the run.
    const [whole] = await ask(100_000);
    expect(whole.messages).toHaveLength(earlier.length + 1);
    expect(whole.messages.at(-1)).toEqual({ role: 'user', content: 'what is 1 plus 2' });
  });
});
