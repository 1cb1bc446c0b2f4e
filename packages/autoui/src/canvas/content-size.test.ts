import { describe, expect, it } from 'vitest';
import { builtInSize } from './built-in-size.ts';
import { contentSize } from './content-size.ts';

const size = (type: string, data: Record<string, unknown>) => contentSize(type, data, builtInSize(type));

describe('contentSize', () => {
  it('gives a one-line Markdown text a small tile, and a long text a larger one within bounds', () => {
    const line = size('markdown', { content: 'Stored value at key: greeting' });
    expect(line.width).toBeLessThan(320);
    expect(line.height).toBeLessThanOrEqual(100);
    const long = size('markdown', {
      content: Array(30)
        .fill('A paragraph long enough to wrap over a few lines of the widest Markdown tile there is.')
        .join('\n\n'),
    });
    expect(long).toEqual({ width: 480, height: 420 });
  });

  it('sizes a table to its columns and first page of rows, within bounds', () => {
    const rows = Array.from({ length: 3 }, (_, index) => ({
      code: `M${index}`,
      name: 'Full Cream Milk 1L',
      price: 1.2,
    }));
    const small = size('table', { rows });
    expect(small.height).toBeLessThan(builtInSize('table').height);
    expect(small.width).toBeGreaterThan(250);
    const many = size('table', {
      rows: Array.from({ length: 50 }, () => ({ a: 'x'.repeat(60), b: 'y'.repeat(60), c: 'z'.repeat(60) })),
    });
    expect(many).toEqual({ width: 720, height: 460 });
  });

  it('fits a stat to its label, and keeps the default size of other widgets', () => {
    expect(size('stat', { label: '5 + 3', value: 8 })).toEqual({ width: 200, height: 118 });
    expect(size('stat', { label: 'A rather long label for a number', value: 8 }).width).toBeGreaterThan(250);
    expect(size('chart', { labels: [] })).toEqual(builtInSize('chart'));
  });
});
