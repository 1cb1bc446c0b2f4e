import { describe, expect, it } from 'vitest';
import { buildDiscoveryTools, buildDiscoveryToolsWithAliases } from './build-discovery-tools.ts';
import { autouiLayer, weatherLayer } from './test-layers.ts';

describe('buildDiscoveryTools', () => {
  it('returns the discovery tools only', () => {
    const names = buildDiscoveryTools([weatherLayer(), autouiLayer()]).map((tool) => tool.name);
    expect(names).toContain('weather_mcp_search_tools');
    expect(names).toContain('autoui_webmcp_widget_display');
    expect(names).not.toContain('weather_mcp_get_weather_data');
  });

  it('WithAliases maps canonical names to real ones', () => {
    const { tools, aliasMap } = buildDiscoveryToolsWithAliases([weatherLayer()]);
    expect(tools.map((tool) => tool.name)).toEqual([
      'weather_mcp_list_recipes',
      'weather_mcp_search_tools',
      'weather_mcp_list_tools',
    ]);
    expect(aliasMap.get('weather_mcp_list_recipes')).toBe('weather_mcp_browse_skills');
  });
});
