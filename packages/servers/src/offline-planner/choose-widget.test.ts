import { describe, expect, test } from 'vitest';
import { chooseWidget, humanize } from './choose-widget.ts';

describe('chooseWidget', () => {
  test('a number, or text that is a number, becomes a stat with the title as label', () => {
    expect(chooseWidget(8, { title: '5 + 3' })).toEqual({
      name: 'stat',
      params: { label: '5 + 3', value: 8 },
    });
    expect(chooseWidget('-2.5')).toEqual({ name: 'stat', params: { label: 'Result', value: -2.5 } });
  });

  test('text becomes markdown, or text when the display tool has no markdown widget', () => {
    expect(chooseWidget('hello')).toEqual({ name: 'markdown', params: { content: 'hello' } });
    expect(chooseWidget('hello', { allowed: ['text', 'table'] })).toEqual({
      name: 'text',
      params: { content: 'hello' },
    });
  });

  test('a list of records becomes a table with a column per scalar field', () => {
    const products = [
      { code: 'DAI-001', name: 'Milk', unitPrice: 0.99, tags: ['x'] },
      { code: 'DAI-002', name: 'Cream', unitPrice: 1.5, inStock: false },
    ];
    expect(chooseWidget({ query: 'milk', total: 2, products })).toEqual({
      name: 'table',
      params: {
        columns: [
          { key: 'code', label: 'Code' },
          { key: 'name', label: 'Name' },
          { key: 'unitPrice', label: 'Unit price' },
          { key: 'inStock', label: 'In stock' },
        ],
        rows: [
          { code: 'DAI-001', name: 'Milk', unitPrice: 0.99, inStock: null },
          { code: 'DAI-002', name: 'Cream', unitPrice: 1.5, inStock: false },
        ],
      },
    });
  });

  test('a titled list keeps its title as the heading of its table, map or chart', () => {
    const rows = [
      { name: 'Chile', lat: -30, lng: -71 },
      { name: 'Peru', lat: -10, lng: -76 },
    ];
    expect(chooseWidget({ rows }, { title: 'Countries in South America' })?.params.title).toBe(
      'Countries in South America',
    );
    expect(
      chooseWidget(
        [
          { a: 'x', b: 'y' },
          { a: 'z', b: 'w' },
        ],
        { title: 'Search: x' },
      ),
    ).toMatchObject({
      name: 'table',
      params: { title: 'Search: x' },
    });
  });

  test('records with lat/lng become a map centred on them, with a labelled marker each', () => {
    const rows = [
      { name: 'Chile', lat: -30, lng: -71 },
      { name: 'Peru', lat: -10, lng: -76 },
    ];
    expect(chooseWidget({ columns: ['name', 'lat', 'lng'], rows })).toEqual({
      name: 'map',
      params: {
        center: [-20, -73.5],
        zoom: 4,
        markers: [
          { lat: -30, lng: -71, label: 'Chile' },
          { lat: -10, lng: -76, label: 'Peru' },
        ],
      },
    });
    expect(chooseWidget(rows, { allowed: ['table'] })?.name).toBe('table');
  });

  test('records of one label and one number become a bar chart', () => {
    const rows = [
      { name: 'Russia', area: 17098242 },
      { name: 'Canada', area: 9984670 },
    ];
    expect(chooseWidget({ rows })).toEqual({
      name: 'chart',
      params: {
        type: 'bar',
        labels: ['Russia', 'Canada'],
        series: [{ name: 'Area', data: [17098242, 9984670] }],
      },
    });
  });

  test('one record: one number is a stat, a wide record a card, a narrow one a one-row table', () => {
    expect(chooseWidget({ rows: [{ countries: 59 }] }, { title: 'Countries in Africa' })).toEqual({
      name: 'stat',
      params: { label: 'Countries in Africa', value: 59 },
    });
    const wide = {
      name: 'France',
      capital: 'Paris',
      region: 'Europe',
      area: 551695,
      lat: 46,
      lng: 2,
      landlocked: false,
    };
    const card = chooseWidget({ rows: [wide] }, { title: 'France' });
    expect(card?.name).toBe('markdown');
    expect(card?.params.content).toContain('### France');
    expect(card?.params.content).toContain('- **Capital:** Paris');
    expect(card?.params.content).toContain('- **Landlocked:** no');
    expect(chooseWidget({ cart: { items: [{ code: 'DAI-001', quantity: 1 }] } })?.name).toBe('table');
    expect(chooseWidget({ user: 'guest', total: 3 })?.name).toBe('markdown');
  });

  test('an empty result says there are no results', () => {
    expect(chooseWidget({ columns: ['name'], rows: [], rowCount: 0 })).toEqual({
      name: 'markdown',
      params: { content: 'No results.' },
    });
    expect(chooseWidget([])).toEqual({ name: 'markdown', params: { content: 'No results.' } });
  });

  test('undefined when the display tool accepts none of the fitting widgets', () => {
    expect(chooseWidget('hello', { allowed: ['chart'] })).toBeUndefined();
  });

  test('humanize turns keys into labels', () => {
    expect(humanize('unitPrice')).toBe('Unit price');
    expect(humanize('official_name')).toBe('Official name');
  });
});
