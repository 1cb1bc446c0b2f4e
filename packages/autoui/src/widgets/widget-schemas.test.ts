import { SchemaValidator } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { WidgetCatalog } from '../catalog/widget-catalog.ts';
import { validateWidget } from '../validation/validate-widget.ts';
import { BUILT_IN_WIDGETS } from './all-widgets.ts';

/** Per widget: params that must validate, and params that must fail with an issue at `path`. */
const CASES: Record<
  string,
  { valid: Record<string, unknown>[]; invalid: Array<{ params: unknown; path: string }> }
> = {
  stat: {
    valid: [
      { label: 'Orders', value: 42 },
      { label: 'Rate', value: '3.2%', unit: '%', description: 'today' },
    ],
    invalid: [
      { params: { label: 'Sales' }, path: '/value' },
      { params: { label: 'Sales', value: true }, path: '/value' },
      { params: { label: 'Sales', value: 1, colour: 'red' }, path: '/colour' },
    ],
  },
  'stat-card': {
    valid: [{ label: 'Revenue', value: 1200, delta: -4.2, trend: 'down', variant: 'danger', icon: '€' }],
    invalid: [
      { params: { label: 'Revenue', value: 1, trend: 'sideways' }, path: '/trend' },
      { params: { value: 1 }, path: '/label' },
    ],
  },
  kv: {
    valid: [
      {
        items: [
          { key: 'a', value: null },
          { key: 'b', value: 2 },
        ],
      },
    ],
    invalid: [
      { params: { items: [] }, path: '/items' },
      { params: { items: [{ key: 'a' }] }, path: '/items/0/value' },
    ],
  },
  list: {
    valid: [{ items: ['a', { text: 'b', secondary: 'c', href: 'https://wikipedia.org' }], ordered: false }],
    invalid: [
      { params: { items: [{ secondary: 'no text' }] }, path: '/items/0' },
      { params: {}, path: '/items' },
    ],
  },
  table: {
    valid: [
      { rows: [{ a: 1, b: 'x' }] },
      {
        columns: [{ key: 'a', label: 'A', align: 'right', format: 'currency' }],
        rows: [],
        pageSize: 25,
        currency: 'USD',
      },
    ],
    invalid: [
      { params: { rows: [{ a: { nested: true } }] }, path: '/rows/0/a' },
      { params: { rows: [], columns: [{ label: 'no key' }] }, path: '/columns/0/key' },
      { params: { rows: [], pageSize: 0 }, path: '/pageSize' },
      { params: { columns: [{ key: 'a' }] }, path: '/rows' },
    ],
  },
  chart: {
    valid: [
      {
        type: 'line',
        labels: ['2023', '2024'],
        series: [
          { name: 'x', data: [1, null] },
          { data: [2, 3], color: '#ff0000' },
        ],
      },
      { type: 'scatter', series: [{ data: [{ x: 1, y: 2 }] }] },
      { type: 'donut', labels: ['a'], series: [{ data: [1] }], unit: '%' },
    ],
    invalid: [
      { params: { type: 'radar', series: [{ data: [1] }] }, path: '/type' },
      { params: { type: 'bar', series: [] }, path: '/series' },
      { params: { type: 'bar', series: [{ data: ['ten'] }] }, path: '/series/0/data/0' },
      {
        params: { type: 'bar', series: [{ data: [1], color: 'red;background:url(x)' }] },
        path: '/series/0/color',
      },
    ],
  },
  map: {
    valid: [
      {},
      { center: [48.85, 2.35], zoom: 5, markers: [{ lat: 48.85, lng: 2.35, popup: 'Paris', color: 'red' }] },
      {
        layers: [
          {
            name: 'route',
            data: {
              type: 'LineString',
              coordinates: [
                [2.35, 48.85],
                [4.83, 45.76],
              ],
            },
          },
        ],
      },
    ],
    invalid: [
      { params: { center: [120, 0] }, path: '/center/0' },
      { params: { center: { lat: 1, lng: 2 } }, path: '/center' },
      { params: { markers: [{ lat: 1 }] }, path: '/markers/0/lng' },
      { params: { layers: [{ data: { type: 'Circle' } }] }, path: '/layers/0/data/type' },
    ],
  },
  timeline: {
    valid: [{ events: [{ date: '1969', title: 'Moon landing', tag: 'space' }] }],
    invalid: [{ params: { events: [{ title: 'no date' }] }, path: '/events/0/date' }],
  },
  cards: {
    valid: [
      {
        items: [
          {
            title: 'A',
            image: 'https://upload.wikimedia.org/a.png',
            price: 3.5,
            href: 'https://wikipedia.org',
          },
        ],
      },
    ],
    invalid: [
      { params: { items: [{ subtitle: 'no title' }] }, path: '/items/0/title' },
      { params: { items: [{ title: 'A', image: 42 }] }, path: '/items/0/image' },
    ],
  },
  gallery: {
    valid: [{ images: [{ src: 'https://upload.wikimedia.org/a.jpg', alt: 'a' }] }],
    invalid: [{ params: { images: [{ alt: 'no src' }] }, path: '/images/0/src' }],
  },
  profile: {
    valid: [
      {
        name: 'A',
        links: [{ label: 'Site', href: 'https://wikipedia.org' }],
        fields: [{ label: 'Age', value: 3 }],
      },
    ],
    invalid: [
      { params: { subtitle: 'no name' }, path: '/name' },
      { params: { name: 'A', tags: [1] }, path: '/tags/0' },
    ],
  },
  alert: {
    valid: [{ message: 'Hello', level: 'warning' }],
    invalid: [{ params: { message: 'x', level: 'fatal' }, path: '/level' }],
  },
  code: {
    valid: [{ code: 'SELECT 1', language: 'sql', showLineNumbers: true }],
    invalid: [
      { params: { language: 'sql' }, path: '/code' },
      { params: { code: 'x', language: '"><script>' }, path: '/language' },
    ],
  },
  markdown: {
    valid: [{ content: '# Title' }],
    invalid: [{ params: { text: '# Title' }, path: '/content' }],
  },
  'json-viewer': {
    valid: [{ data: null }, { data: [1, { a: 'b' }], expandDepth: 0 }],
    invalid: [
      { params: { expandDepth: 1 }, path: '/data' },
      { params: { data: 1, expandDepth: 11 }, path: '/expandDepth' },
    ],
  },
  log: {
    valid: [{ entries: [{ message: 'x', level: 'error', source: 'db' }] }],
    invalid: [{ params: { entries: [{ message: 'x', level: 'critical' }] }, path: '/entries/0/level' }],
  },
  hemicycle: {
    valid: [{ groups: [{ name: 'A', seats: 0 }], totalSeats: 10, majority: 6 }],
    invalid: [
      { params: { groups: [{ name: 'A', seats: 1.5 }] }, path: '/groups/0/seats' },
      { params: { groups: [{ name: 'A', seats: -1 }] }, path: '/groups/0/seats' },
    ],
  },
  sankey: {
    valid: [{ nodes: [{ id: 'a', label: 'A' }], links: [{ source: 'a', target: 'b', value: 1.5 }] }],
    invalid: [
      { params: { links: [{ source: 'a', target: 'b', value: 0 }] }, path: '/links/0/value' },
      { params: { links: [{ source: 'a', value: 1 }] }, path: '/links/0/target' },
    ],
  },
  progress: {
    valid: [{ label: 'Done', value: 3, max: 4 }],
    invalid: [
      { params: { label: 'Done', value: -1 }, path: '/value' },
      { params: { label: 'Done', value: 1, max: 0 }, path: '/max' },
    ],
  },
  tags: {
    valid: [{ tags: ['a', { label: 'b', color: '#123' }] }],
    invalid: [{ params: { tags: [{ color: '#123' }] }, path: '/tags/0' }],
  },
  actions: {
    valid: [
      {
        buttons: [
          { label: 'Go', message: 'go' },
          { label: 'Run', tool: 'calc_webmcp_add', args: { a: 1 } },
        ],
      },
    ],
    invalid: [
      { params: { buttons: [{ label: 'Nothing' }] }, path: '/buttons/0' },
      { params: { buttons: [{ label: 'Bad', tool: 'no spaces allowed' }] }, path: '/buttons/0/tool' },
    ],
  },
  form: {
    valid: [
      {
        fields: [
          { name: 'email', type: 'email', required: true },
          { name: 'n', type: 'number', min: 0, max: 10, default: 3 },
        ],
      },
    ],
    invalid: [
      { params: { fields: [{ name: 'pw', type: 'password' }] }, path: '/fields/0/type' },
      { params: { fields: [{ name: '1bad name' }] }, path: '/fields/0/name' },
    ],
  },
  carousel: {
    valid: [{ slides: [{ text: 'only text' }] }],
    invalid: [{ params: { slides: [{}] }, path: '/slides/0' }],
  },
  trombinoscope: {
    valid: [{ people: [{ name: 'A', photo: 'https://upload.wikimedia.org/a.jpg', group: 'G' }], columns: 4 }],
    invalid: [{ params: { people: [{ role: 'no name' }] }, path: '/people/0/name' }],
  },
  tabs: {
    valid: [{ tabs: [{ label: 'One', widget: { name: 'stat', params: { label: 'x', value: 1 } } }] }],
    invalid: [
      {
        params: { tabs: [{ label: 'One', widget: { name: 'stat', params: { label: 'x' } } }] },
        path: '/tabs/0/widget/params/value',
      },
      {
        params: { tabs: [{ label: 'One', widget: { name: 'nope', params: {} } }] },
        path: '/tabs/0/widget/name',
      },
    ],
  },
  grid: {
    valid: [
      {
        columns: 3,
        items: [
          {
            widget: {
              name: 'tabs',
              params: {
                tabs: [{ label: 'a', widget: { name: 'kv', params: { items: [{ key: 'k', value: 1 }] } } }],
              },
            },
            span: 2,
          },
        ],
      },
    ],
    invalid: [
      { params: { items: [{ widget: { name: 'stat' } }] }, path: '/items/0/widget/params' },
      {
        params: { columns: 7, items: [{ widget: { name: 'stat', params: { label: 'a', value: 1 } } }] },
        path: '/columns',
      },
    ],
  },
};

const catalog = new WidgetCatalog();
const validator = new SchemaValidator();

describe('widget schemas', () => {
  it('has a case table for every built-in widget', () => {
    expect(Object.keys(CASES).sort()).toEqual(BUILT_IN_WIDGETS.map((widget) => widget.name).sort());
  });

  for (const widget of BUILT_IN_WIDGETS) {
    describe(widget.name, () => {
      it.each([widget.example, ...CASES[widget.name].valid].map((params, index) => [index, params] as const))(
        'accepts valid params #%i',
        (_index, params) => {
          const outcome = validateWidget(catalog, validator, widget.name, params);
          expect(outcome.ok ? [] : outcome).toEqual([]);
        },
      );

      it.each(CASES[widget.name].invalid.map((entry) => [entry.path, entry.params] as const))(
        'rejects invalid params at %s with the expected schema',
        (path, params) => {
          const outcome = validateWidget(catalog, validator, widget.name, params);
          expect(outcome.ok).toBe(false);
          if (outcome.ok || !('details' in outcome)) throw new Error('expected a validation error');
          expect(outcome.error).toBe('Validation failed');
          expect(outcome.expected_schema).toBe(widget.schema);
          expect(outcome.details.map((issue) => issue.path)).toContain(path);
        },
      );
    });
  }

  it('nests at most three levels of tabs and grids', () => {
    const stat = { name: 'stat', params: { label: 'a', value: 1 } };
    const wrap = (widget: unknown) => ({ name: 'grid', params: { items: [{ widget }] } });
    const deep = wrap(wrap(wrap(stat)));
    expect(validateWidget(catalog, validator, deep.name, deep.params).ok).toBe(true);
    const tooDeep = wrap(deep);
    const outcome = validateWidget(catalog, validator, tooDeep.name, tooDeep.params);
    expect(outcome.ok).toBe(false);
  });
});
