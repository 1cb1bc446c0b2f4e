import { describe, expect, it } from 'vitest';
import { pageOf, sortRows, tableColumns } from './table-view.ts';

const rows = [
  { name: 'b', n: 2 },
  { name: 'A', n: 10 },
  { name: 'c', n: null },
];

describe('table view', () => {
  it('derives columns from rows and right-aligns numbers', () => {
    expect(tableColumns(undefined, rows)).toEqual([
      { key: 'name', label: 'name', align: 'left', format: 'text' },
      { key: 'n', label: 'n', align: 'right', format: 'number' },
    ]);
    expect(tableColumns([{ key: 'n', label: 'N', align: 'center' }], rows)[0]).toEqual({
      key: 'n',
      label: 'N',
      align: 'center',
      format: 'number',
    });
  });

  it('sorts numbers numerically, text by locale, empties last', () => {
    expect(sortRows(rows, 'n', 'asc').map((row) => row.n)).toEqual([2, 10, null]);
    expect(sortRows(rows, 'n', 'desc').map((row) => row.n)).toEqual([10, 2, null]);
    expect(sortRows(rows, 'name', 'asc').map((row) => row.name)).toEqual(['A', 'b', 'c']);
    expect(sortRows(rows, undefined, 'asc')).toEqual(rows);
  });

  it('paginates and clamps the page', () => {
    expect(pageOf([1, 2, 3, 4, 5], 1, 2)).toEqual({ rows: [3, 4], pages: 3, page: 1 });
    expect(pageOf([1, 2, 3], 9, 2)).toEqual({ rows: [3], pages: 2, page: 1 });
    expect(pageOf([], 0, 10)).toEqual({ rows: [], pages: 1, page: 0 });
  });
});
