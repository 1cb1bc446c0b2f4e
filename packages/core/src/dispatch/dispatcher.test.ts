import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createCalculatorStorageServer,
  createTestWidgetServer,
  weatherClient,
  weatherLayer,
} from '../../test/support/test-layers.ts';
import { ToolCatalog } from '../catalog/tool-catalog.ts';
import { McpConnectionError } from '../mcp/connection/mcp-connection-error.ts';
import { AgentSession } from '../session/agent-session.ts';
import type { AgentEventInput } from '../types/events.ts';
import type { ToolUseBlock } from '../types/messages.ts';
import { ToolDispatcher } from './dispatcher.ts';

function setup() {
  const calculator = createCalculatorStorageServer();
  const layers = [calculator.layer(), createTestWidgetServer().layer(), weatherLayer];
  const catalog = new ToolCatalog(layers, {
    aliases: { weather_mcp_get_forecast: 'weather_mcp_get_weather_data' },
  });
  const dispatcher = new ToolDispatcher({
    catalog,
    mcpClients: new Map([['weather', weatherClient()]]),
    timeoutMs: 1000,
  });
  const session = new AgentSession();
  const events: AgentEventInput[] = [];
  const context = {
    session,
    signal: new AbortController().signal,
    emit: (event: AgentEventInput) => events.push(event),
  };
  return { dispatcher, session, events, context };
}

const block = (name: unknown, input: unknown, id = 'toolu_1') =>
  ({ type: 'tool_use', id, name, input }) as ToolUseBlock;

describe('ToolDispatcher', () => {
  it('resolves the seed alias weather_mcp_get_forecast and routes by server', async () => {
    const { dispatcher, context } = setup();
    const { result, call } = await dispatcher.dispatch(
      block('weather_mcp_get_forecast', { location: 'Paris' }),
      context,
    );
    expect(result).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"temp":18,"wind":12}' });
    expect(call).toMatchObject({ server: 'weather', tool: 'get_weather_data', guided: false });
  });

  it('answers search_tools locally, makes the found tools callable and marks later calls guided', async () => {
    const { dispatcher, context, session } = setup();
    const search = await dispatcher.dispatch(block('weather_mcp_search_tools', { query: 'alerts' }), context);
    expect(search.result.content).toContain('weather_mcp_get_alerts');
    expect(session.revealedTools).toContain('weather_mcp_get_alerts');
    expect(session.activatedServers).toEqual([]);
    const { call } = await dispatcher.dispatch(
      block('weather_mcp_get_alerts', { region: 'IDF' }, 'toolu_2'),
      context,
    );
    expect(call.guided).toBe(true);
    expect(session.activatedServers).toEqual(['mcp:weather']);
  });

  it('strips __proto__ and constructor keys from the input before anything sees it', async () => {
    const { dispatcher, context } = setup();
    const input = JSON.parse('{"operation":"add","a":1,"b":2,"__proto__":{"polluted":true},"constructor":1}');
    const { result } = await dispatcher.dispatch(block('calculator_webmcp_calculate', input), context);
    expect(result.content).toBe('3');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports malformed JSON from text-protocol models clearly', async () => {
    const { dispatcher, context } = setup();
    const { result } = await dispatcher.dispatch(
      block('calculator_webmcp_calculate', { __parse_error: 'Unexpected token }', raw: '{a:}' }),
      context,
    );
    expect(result.content).toMatch(/malformed JSON \(Unexpected token \}\)/);
    expect(result.is_error).toBe(true);
  });

  it('accepts input given as a JSON string (some OpenAI-compatible servers send that)', async () => {
    const { dispatcher, context } = setup();
    const { result } = await dispatcher.dispatch(
      block('calculator_webmcp_calculate', '{"operation":"subtract","a":5,"b":3}'),
      context,
    );
    expect(result.content).toBe('2');
  });

  it('turns a thrown handler error into an error tool_result', async () => {
    const { dispatcher, context } = setup();
    const { result, call } = await dispatcher.dispatch(
      block('calculator_webmcp_calculate', { operation: 'divide', a: 1, b: 0 }),
      context,
    );
    expect(result).toMatchObject({ content: 'Error: Division by zero: b must not be 0', is_error: true });
    expect(call.error).toBe('Division by zero: b must not be 0');
  });

  it('marks a call the server refused for want of authorization (the app offers Connect) with the scope it asked for, not other failures', async () => {
    const refusing = (kind: 'unauthorized' | 'timeout') =>
      new ToolDispatcher({
        catalog: new ToolCatalog([weatherLayer]),
        mcpClients: new Map([
          [
            'weather',
            {
              callTool: async () => {
                throw new McpConnectionError('the server needs more access', {
                  kind,
                  server: 'weather',
                  requiredScope: 'weather:read',
                });
              },
            },
          ],
        ]),
      });
    const { context } = setup();
    const refused = await refusing('unauthorized').dispatch(
      block('weather_mcp_get_weather_data', { location: 'Oslo' }),
      context,
    );
    expect(refused.call).toMatchObject({
      server: 'weather',
      needsAuthorization: true,
      requiredScope: 'weather:read',
    });
    expect(refused.result.is_error).toBe(true);
    const late = await refusing('timeout').dispatch(
      block('weather_mcp_get_weather_data', { location: 'Oslo' }),
      context,
    );
    expect(late.call.error).toBeDefined();
    expect(late.call.needsAuthorization).toBeUndefined();
    expect(late.call.requiredScope).toBeUndefined();
  });

  it('recalls a buffered result and explains an unknown id', async () => {
    const { dispatcher, context, session } = setup();
    session.results.set('toolu_old', 'the full result');
    expect((await dispatcher.dispatch(block('recall', { id: 'toolu_old' }), context)).result.content).toBe(
      'the full result',
    );
    expect(
      (await dispatcher.dispatch(block('autoui_webmcp_recall', { id: 'nope' }), context)).result.content,
    ).toMatch(/^Error: No result found for id 'nope'. Known ids: toolu_old/);
  });

  it('never throws and always answers with a tool_result, whatever the block', async () => {
    const { dispatcher, context } = setup();
    const names = fc.oneof(
      fc.string(),
      fc.constantFrom(
        'calculator_webmcp_calculate',
        'weather_mcp_get_forecast',
        'weather_mcp_search_tools',
        'autoui_webmcp_canvas',
        'autoui_webmcp_widget_display',
        'recall',
        'ghost_mcp_x',
        'calculator_mcp_calculate',
        '__proto__',
        'constructor',
      ),
      fc.constant(undefined),
      fc.integer(),
    );
    const inputs = fc.oneof(
      fc.anything(),
      fc.dictionary(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'operation',
          'a',
          'b',
          'query',
          'id',
          'action',
          'name',
          'params',
        ),
        fc.anything(),
      ),
      fc.string({ minLength: 10_000, maxLength: 20_000 }),
    );
    await fc.assert(
      fc.asyncProperty(names, inputs, fc.string(), async (name, input, id) => {
        const { result, call } = await dispatcher.dispatch(block(name, input, id), context);
        expect(result.type).toBe('tool_result');
        expect(result.tool_use_id).toBe(id);
        expect(typeof result.content).toBe('string');
        expect(result.content.length).toBeLessThanOrEqual(10_000);
        expect(call.id).toBe(id);
      }),
      { numRuns: 300 },
    );
  });
});
