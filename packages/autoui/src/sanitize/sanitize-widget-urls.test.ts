import { describe, expect, it } from 'vitest';
import { WidgetCatalog } from '../catalog/widget-catalog.ts';
import { BUILT_IN_WIDGETS } from '../widgets/all-widgets.ts';
import { sanitizeWidgetUrls } from './sanitize-widget-urls.ts';

const catalog = new WidgetCatalog();
const lookup = (name: string) => catalog.get(name);
const sanitize = (name: string, params: Record<string, unknown>, policy = {}) =>
  sanitizeWidgetUrls(catalog.get(name) ?? BUILT_IN_WIDGETS[0], params, policy, lookup);

describe('sanitizeWidgetUrls', () => {
  it('removes bad optional URLs and keeps the rest', () => {
    const params = {
      items: [
        { title: 'A', image: 'https://example.com/a.png', href: 'javascript:alert(1)' },
        { title: 'B', image: 'https://upload.wikimedia.org/b.png' },
      ],
    };
    const result = sanitize('cards', params);
    expect(result.params).toEqual({
      items: [{ title: 'A' }, { title: 'B', image: 'https://upload.wikimedia.org/b.png' }],
    });
    expect(result.removed.map((entry) => entry.path)).toEqual(['/items/0/image', '/items/0/href']);
    expect(params.items[0].image).toBe('https://example.com/a.png');
  });

  it('drops an array item whose required URL was removed', () => {
    const result = sanitize(
      'gallery',
      { images: [{ src: 'https://evil.net/x.png' }, { src: 'https://upload.wikimedia.org/y.png' }] },
      { imageHosts: ['upload.wikimedia.org'] },
    );
    expect(result.params).toEqual({ images: [{ src: 'https://upload.wikimedia.org/y.png' }] });
    expect(result.removed).toEqual([
      { path: '/images/0/src', reason: 'image host evil.net is not on the allowlist' },
    ]);
  });

  it('checks URLs in list items given as objects', () => {
    const result = sanitize('list', { items: ['plain', { text: 'x', href: 'data:text/html,hi' }] });
    expect(result.params).toEqual({ items: ['plain', { text: 'x' }] });
  });

  it('nulls table cells of link and image columns that fail', () => {
    const result = sanitize('table', {
      columns: [{ key: 'name' }, { key: 'site', format: 'link' }],
      rows: [
        { name: 'javascript:alert(1)', site: 'javascript:alert(1)' },
        { name: 'ok', site: 'https://wikipedia.org' },
      ],
    });
    expect(result.params.rows).toEqual([
      { name: 'javascript:alert(1)', site: null },
      { name: 'ok', site: 'https://wikipedia.org' },
    ]);
    expect(result.removed).toEqual([{ path: '/rows/0/site', reason: 'scheme javascript: is not allowed' }]);
  });

  it('sanitizes child widgets of tabs and grids', () => {
    const result = sanitize('tabs', {
      tabs: [
        {
          label: 'People',
          widget: { name: 'profile', params: { name: 'A', avatar: 'https://placehold.co/64' } },
        },
      ],
    });
    expect(result.params).toEqual({
      tabs: [{ label: 'People', widget: { name: 'profile', params: { name: 'A' } } }],
    });
    expect(result.removed[0].path).toBe('/tabs/0/widget/params/avatar');
  });
});
