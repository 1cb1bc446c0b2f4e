import { describe, expect, it } from 'vitest';
import type { McpLayer, WebMcpLayer } from '../types/index.ts';
import { renderEagerSystemPrompt } from './system-prompt.ts';
import { autouiLayer, mcpTool, weatherLayer } from './test-layers.ts';
import { ToolCatalog } from './tool-catalog.ts';

describe('renderSystemPrompt', () => {
  it('lists servers and the workflow steps with canonical names', () => {
    const prompt = new ToolCatalog([weatherLayer(), autouiLayer()]).systemPrompt();
    expect(prompt).toContain('- weather (mcp, 3 tools): Forecasts and observations for any city.');
    expect(prompt).toContain('- autoui (webmcp, 3 tools): Widgets and canvas.');
    const workflow = prompt.slice(prompt.indexOf('WORKFLOW'));
    expect(workflow).toBe(
      [
        'WORKFLOW',
        'STEP 1 — Search the recipes (tested ways to combine tools for a task):',
        '  autoui_webmcp_search_recipes(query?)',
        'STEP 1b — If no recipe was found, list them:',
        '  weather_mcp_list_recipes()',
        '  autoui_webmcp_list_recipes()',
        'STEP 1c — If no recipe fits, search the tools with one short keyword query per capability, sent together as "queries" (or list them):',
        '  weather_mcp_search_tools(queries?, query?, limit?)',
        '  weather_mcp_list_tools()',
        '  autoui_webmcp_search_tools(queries?, query?, limit?)',
        '  autoui_webmcp_list_tools()',
        'STEP 2 — Read the chosen recipe and follow it:',
        '  autoui_webmcp_get_recipe(name)',
        'STEP 3 — Execute the tools with the parameters their schemas require. If a call is rejected, correct the parameters using the expected schema in the error and try again.',
        'STEP 4 — Display the results:',
        '  autoui_webmcp_widget_display(name, params?) — show data as a widget',
        '  autoui_webmcp_canvas(action) — move, resize, update, style or clear widgets',
        '  autoui_webmcp_recall(id) — read an earlier result again in full',
        'Then answer briefly in text.',
      ].join('\n'),
    );
  });

  it('follows the servers as they are set and removed', () => {
    const catalog = new ToolCatalog([weatherLayer()]);
    expect(catalog.systemPrompt()).toContain('You can use the tools of 1 server.');
    catalog.setLayer({ protocol: 'mcp', serverName: 'calc', tools: [mcpTool('add')] });
    expect(catalog.systemPrompt()).toContain('- calc (mcp, 1 tool)');
    catalog.setLayer({ protocol: 'mcp', serverName: 'calc', tools: [mcpTool('add'), mcpTool('sub')] });
    expect(catalog.systemPrompt()).toContain('- calc (mcp, 2 tools)');
    catalog.removeLayer('weather');
    expect(catalog.systemPrompt()).not.toContain('weather');
    expect(catalog.systemPrompt()).toContain('You can use the tools of 1 server.');
  });

  it('leaves out recipe steps no server offers and answers in text without UI', () => {
    const layer: McpLayer = { protocol: 'mcp', serverName: 'calc', tools: [mcpTool('add')] };
    const prompt = new ToolCatalog([layer]).systemPrompt();
    expect(prompt).not.toContain('STEP 1 ');
    expect(prompt).not.toContain('STEP 2');
    expect(prompt).toContain('- calc (mcp, 1 tool)');
    expect(prompt).toContain('You can use the tools of 1 server.');
    expect(prompt).toContain('STEP 4 — Answer in text, summarizing what the tools returned.');
  });

  it('lists the presentation tools a layer declares, with their purposes, whatever their names', () => {
    const execute = () => ({ ok: true });
    const board: WebMcpLayer = {
      protocol: 'webmcp',
      serverName: 'board',
      description: 'A pin board.',
      tools: [
        {
          ...mcpTool('pin_note', 'Pin a note.', { type: 'object', properties: { text: { type: 'string' } } }),
          execute,
        },
        { ...mcpTool('widget_display', 'Not declared, so not a presentation tool here.'), execute },
      ],
      presentationTools: [{ name: 'pin_note', purpose: 'pin a note to the board' }],
    };
    const catalog = new ToolCatalog([weatherLayer(), board]);
    expect(catalog.systemPrompt()).toContain(
      'STEP 4 — Display the results:\n  board_webmcp_pin_note(text?) — pin a note to the board\nThen answer briefly in text.',
    );
    expect(catalog.discoveryTools().map((tool) => tool.name)).toContain('board_webmcp_pin_note');
    expect(catalog.discoveryTools().map((tool) => tool.name)).not.toContain('board_webmcp_widget_display');
    const global = new ToolCatalog([weatherLayer(), board], { discovery: { mode: 'global' } });
    expect(global.systemPrompt()).toContain('  board_webmcp_pin_note(text?) — pin a note to the board');
    expect(global.discoveryTools().map((tool) => tool.name)).toContain('board_webmcp_pin_note');
  });

  it('names no discovery tool when every tool is offered at once', () => {
    const catalog = new ToolCatalog([weatherLayer(), autouiLayer()]);
    const prompt = renderEagerSystemPrompt(catalog);
    expect(prompt).toContain('You can use the tools of 2 servers, all of them available now.');
    expect(prompt).toContain('- weather (mcp, 3 tools): Forecasts and observations for any city.');
    expect(prompt).not.toMatch(/search_tools|list_tools|recipe|discovery/);
    const offered = new Set(catalog.allTools().map((tool) => tool.name));
    const named = prompt.match(/\b[a-z0-9]+_(?:webmcp|mcp)_[a-z0-9_]+/g) ?? [];
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !offered.has(name))).toEqual([]);
  });
});
