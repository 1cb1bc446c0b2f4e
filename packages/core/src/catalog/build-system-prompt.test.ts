import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, buildSystemPromptWithAliases } from './build-system-prompt.ts';
import { autouiLayer, weatherLayer } from './test-layers.ts';
import { ToolCatalog } from './tool-catalog.ts';

describe('buildSystemPrompt', () => {
  it('is the catalog prompt', () => {
    const layers = [weatherLayer(), autouiLayer()];
    expect(buildSystemPrompt(layers)).toBe(new ToolCatalog(layers).systemPrompt());
  });

  it('WithAliases returns the prompt and a fresh alias map each time', () => {
    const first = buildSystemPromptWithAliases([weatherLayer()]);
    expect(first.prompt).toContain('weather_mcp_list_recipes()');
    expect(first.aliasMap).toEqual(new Map([['weather_mcp_list_recipes', 'weather_mcp_browse_skills']]));
    first.aliasMap.clear();
    expect(buildSystemPromptWithAliases([weatherLayer()]).aliasMap.size).toBe(1);
  });
});
