import type { McpLayer } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { CatalogCache } from './catalog-cache.ts';

const layer = (serverName: string, tool: string): McpLayer => ({
  protocol: 'mcp',
  serverName,
  tools: [{ name: tool, description: `The ${tool} tool.`, inputSchema: { type: 'object', properties: {} } }],
});

describe('CatalogCache', () => {
  it('reuses the catalog of the same tool objects, and builds another for new ones', () => {
    const cache = new CatalogCache();
    const weather = layer('weather', 'forecast');
    expect(cache.get([weather])).toBe(cache.get([weather]));
    expect(cache.get([layer('weather', 'forecast')])).not.toBe(cache.get([weather]));
  });

  it("forgets the catalogs built from a server's layer, and only those", () => {
    const cache = new CatalogCache();
    const weather = layer('weather', 'forecast');
    const notes = layer('notes', 'jot');
    const both = cache.get([weather, notes]);
    const weatherOnly = cache.get([weather]);
    const notesOnly = cache.get([notes]);
    cache.forget('weather');
    expect(cache.get([notes])).toBe(notesOnly);
    expect(cache.get([weather])).not.toBe(weatherOnly);
    expect(cache.get([weather, notes])).not.toBe(both);
  });
});
