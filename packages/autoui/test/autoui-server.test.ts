import type { AgentEvent } from '@switchboard/core';
import { AgentSession, runAgentLoop } from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import { describe, expect, it } from 'vitest';
import { canvasEventFromAgentEvent } from '../src/canvas/canvas-event-from-agent-event.ts';
import { CanvasModel } from '../src/canvas/canvas-model.ts';
import { createAutoUiServer } from '../src/server/create-autoui-server.ts';

const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0].text;

describe('the autoui server', () => {
  it('exposes the recipe, display, canvas and recall tools and the recipes', () => {
    const layer = createAutoUiServer().layer();
    expect(layer.serverName).toBe('autoui');
    expect(layer.tools.map((tool) => tool.name)).toEqual([
      'search_recipes',
      'list_recipes',
      'get_recipe',
      'widget_display',
      'canvas',
      'recall',
    ]);
    expect(layer.recipes).toHaveLength(26);
  });

  it('keeps widget_display short: every widget by name, the details left to the recipe tools', () => {
    const layer = createAutoUiServer().layer();
    const description = layer.tools[3].description ?? '';
    for (const recipe of layer.recipes ?? []) expect(description).toContain(recipe.name);
    expect(description).toMatch(/search_recipes.*list_recipes.*get_recipe/s);
    expect(description.length).toBeLessThanOrEqual(1024);
  });

  it('displays a valid widget with a w_ id, resolving aliases', async () => {
    const server = createAutoUiServer();
    const shown = (await server.executeTool('widget_display', {
      name: 'bar_chart',
      params: { series: [{ data: [1] }] },
    })) as Record<string, unknown>;
    expect(shown).toMatchObject({ widget: 'chart', data: { type: 'bar', series: [{ data: [1] }] } });
    expect(shown.id).toMatch(/^w_[a-z0-9]{10}$/);
  });

  it('answers invalid params with the details and the expected schema', async () => {
    const result = await createAutoUiServer().executeTool('widget_display', {
      name: 'stat',
      params: { label: 'Sales' },
    });
    expect(result).toMatchObject({ isError: true });
    const body = JSON.parse(text(result));
    expect(body.error).toBe('Validation failed');
    expect(body.details).toEqual([{ path: '/value', message: 'required' }]);
    expect(body.expected_schema.required).toEqual(['label', 'value']);
  });

  it('names the available widgets for an unknown one', async () => {
    const body = JSON.parse(
      text(await createAutoUiServer().executeTool('widget_display', { name: 'piechart3d', params: {} })),
    );
    expect(body.error).toMatch(/Unknown widget "piechart3d". Use one of: stat, stat-card/);
  });

  it('removes URLs the policy refuses and says so', async () => {
    const server = createAutoUiServer({ urlPolicy: { imageHosts: ['upload.wikimedia.org'] } });
    const shown = (await server.executeTool('widget_display', {
      name: 'profile',
      params: {
        name: 'A',
        avatar: 'https://tracker.net/pixel.gif',
        links: [{ label: 'x', href: 'javascript:alert(1)' }],
      },
    })) as Record<string, unknown>;
    expect(shown.data).toEqual({ name: 'A', links: [] });
    expect(shown.removed_urls).toHaveLength(2);
  });

  it('checks canvas actions against the canvas it is given', async () => {
    const canvas = new CanvasModel();
    canvas.apply({ type: 'add', id: 'w_1', widget: 'stat', data: { label: 'a', value: 1 } });
    const server = createAutoUiServer({ canvas: (id) => canvas.get(id) });
    expect(
      await server.executeTool('canvas', { action: 'move', id: 'w_1', params: { x: '10', y: 20 } }),
    ).toEqual({ ok: true, action: 'move', id: 'w_1', x: 10, y: 20 });
    expect(
      text(await server.executeTool('canvas', { action: 'move', id: 'w_2', params: { x: 1, y: 1 } })),
    ).toMatch(/no widget "w_2"/);
    expect(
      text(await server.executeTool('canvas', { action: 'resize', id: 'w_1', params: { width: 'wide' } })),
    ).toMatch(/width and height/);
    expect(
      JSON.parse(
        text(
          await server.executeTool('canvas', { action: 'update', id: 'w_1', params: { value: { x: 1 } } }),
        ),
      ).error,
    ).toBe('Validation failed');
    expect(await server.executeTool('canvas', { action: 'update', id: 'w_1', params: { value: 2 } })).toEqual(
      { ok: true, action: 'update', id: 'w_1' },
    );
    expect(
      await server.executeTool('canvas', {
        action: 'style',
        id: 'w_1',
        params: { styles: { color: 'red', position: 'fixed' } },
      }),
    ).toEqual({
      ok: true,
      action: 'style',
      id: 'w_1',
      style: { color: 'red' },
      ignored: ['position: property not allowed'],
    });
  });

  it('searches, lists and reads recipes', async () => {
    const server = createAutoUiServer();
    const found = (await server.executeTool('search_recipes', { query: 'seats in parliament' })) as {
      recipes: Array<{ name: string }>;
    };
    expect(found.recipes[0].name).toBe('hemicycle');
    expect(((await server.executeTool('list_recipes', {})) as { recipes: unknown[] }).recipes).toHaveLength(
      26,
    );
    expect(await server.executeTool('get_recipe', { name: 'kpi' })).toMatch(/widget `stat-card`/);
    expect(text(await server.executeTool('get_recipe', { name: 'nope' }))).toMatch(/unknown recipe/);
  });

  it('drives a canvas end to end through the agent loop', async () => {
    const canvas = new CanvasModel();
    const server = createAutoUiServer({ canvas: (id) => canvas.get(id) });
    let widgetId = '';
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'autoui_webmcp_widget_display', input: { name: 'stat', params: { label: 'Sales' } } },
        ],
      },
      (request) => {
        const last = request.messages.at(-1);
        expect(JSON.stringify(last)).toContain('expected_schema');
        return {
          toolCalls: [
            {
              name: 'autoui_webmcp_widget_display',
              input: { name: 'stat', params: { label: 'Sales', value: 12 } },
            },
          ],
        };
      },
      (request) => {
        const result = JSON.stringify(request.messages.at(-1));
        widgetId = /w_[a-z0-9]{10}/.exec(result)?.[0] ?? '';
        return {
          toolCalls: [
            {
              name: 'autoui_webmcp_canvas',
              input: { action: 'move', id: widgetId, params: { x: 200, y: 40 } },
            },
          ],
        };
      },
      { text: 'Done.' },
    ]);
    const events: AgentEvent[] = [];
    const result = await runAgentLoop('show sales', {
      provider: model,
      layers: [server.layer()],
      session: new AgentSession(),
      callbacks: {
        onEvent: (event) => {
          events.push(event);
          const change = canvasEventFromAgentEvent(event);
          if (change) canvas.apply(change);
        },
      },
    });
    expect(result.stopReason).toBe('end_turn');
    expect(canvas.state.blocks).toEqual([
      {
        id: widgetId,
        type: 'stat',
        data: { label: 'Sales', value: 12 },
        position: { x: 200, y: 40 },
        size: { width: 200, height: 118 },
        style: {},
      },
    ]);
    expect(result.toolCalls.map((call) => Boolean(call.error))).toEqual([true, false, false]);
    const replayed = new CanvasModel({
      events: events.map(canvasEventFromAgentEvent).filter((event) => event !== undefined),
    });
    expect(replayed.state).toEqual(canvas.state);
  });
});
