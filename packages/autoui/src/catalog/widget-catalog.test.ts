import { describe, expect, it } from 'vitest';
import { BUILT_IN_WIDGETS } from '../widgets/all-widgets.ts';
import { WidgetCatalog } from './widget-catalog.ts';

const catalog = new WidgetCatalog();

describe('WidgetCatalog', () => {
  it('offers every widget the UI layer promises', () => {
    expect(catalog.names).toEqual([
      'stat',
      'stat-card',
      'kv',
      'list',
      'table',
      'chart',
      'map',
      'timeline',
      'cards',
      'gallery',
      'profile',
      'alert',
      'code',
      'markdown',
      'json-viewer',
      'log',
      'hemicycle',
      'sankey',
      'progress',
      'tags',
      'actions',
      'form',
      'carousel',
      'trombinoscope',
      'tabs',
      'grid',
    ]);
  });

  it('parses each recipe from its YAML front matter', () => {
    for (const widget of BUILT_IN_WIDGETS) {
      const recipe = catalog.recipe(widget.name);
      expect(recipe?.name).toBe(widget.name);
      expect(recipe?.keywords.length).toBeGreaterThan(3);
      expect(recipe?.body.split('\n\n')).toHaveLength(1);
    }
  });

  it('resolves aliases and differently written names', () => {
    expect(catalog.resolve('Stat_Card')?.definition.name).toBe('stat-card');
    expect(catalog.resolve('bar-chart')).toMatchObject({
      definition: { name: 'chart' },
      defaults: { type: 'bar' },
    });
    expect(catalog.resolve('parliament')?.definition.name).toBe('hemicycle');
    expect(catalog.resolve('nonsense')).toBeUndefined();
  });

  it('ranks recipes by relevance', () => {
    expect(catalog.search('parliament seats of each party')[0].name).toBe('hemicycle');
    expect(catalog.search('pictures of products')[0].name).toMatch(/cards|gallery/);
    expect(catalog.search('where on a map')[0].name).toBe('map');
    expect(catalog.search('members of the team with photos')[0].name).toBe('trombinoscope');
    expect(catalog.search('zzzz')).toEqual([]);
  });

  it('renders a recipe with its schema and a valid example', () => {
    const text = catalog.renderRecipe('table') ?? '';
    expect(text).toContain('# Table');
    expect(text).toContain('"rows"');
    expect(text).toContain('Example:');
  });

  it('refuses a widget whose recipe names another widget', () => {
    const [stat] = BUILT_IN_WIDGETS;
    expect(() => new WidgetCatalog([{ ...stat, name: 'other' }])).toThrow(/recipe is named "stat"/);
  });
});
