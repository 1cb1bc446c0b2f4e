import { describe, expect, it } from 'vitest';
import { activateServerTools } from './activate-server-tools.ts';
import { autouiLayer, weatherLayer } from './test-layers.ts';
import { ToolCatalog } from './tool-catalog.ts';

describe('activateServerTools', () => {
  it('appends the layer tools not already present, never reordering', () => {
    const weather = weatherLayer();
    const autoui = autouiLayer();
    const catalog = new ToolCatalog([weather, autoui]);
    const discovery = catalog.discoveryTools();
    const activated = activateServerTools(discovery, autoui, catalog);
    expect(activated.slice(0, discovery.length)).toEqual(discovery);
    expect(activated.slice(discovery.length).map((tool) => tool.name)).toEqual([]);
    const withWeather = activateServerTools(activated, weather, catalog);
    expect(withWeather.slice(0, activated.length)).toEqual(activated);
    expect(withWeather.slice(activated.length).map((tool) => tool.name)).toEqual([
      'weather_mcp_get_weather_data',
      'weather_mcp_browse_skills',
      'weather_mcp_get_alerts',
    ]);
    expect(activateServerTools(withWeather, weather, catalog)).toEqual(withWeather);
  });

  it('works without a catalog for a single layer', () => {
    expect(activateServerTools([], weatherLayer()).map((tool) => tool.name)).toHaveLength(3);
  });
});
