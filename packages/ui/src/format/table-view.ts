import type { ValueFormat } from './format-value.ts';

/** A table column as the renderer uses it. */
export interface TableColumn {
  key: string;
  label: string;
  align: 'left' | 'center' | 'right';
  format: ValueFormat;
}

type Row = Record<string, unknown>;
type DeclaredColumn = { key: string; label?: string; align?: TableColumn['align']; format?: ValueFormat };

/** The columns to show: the declared ones, or the keys of the first rows; numbers align right. */
export function tableColumns(declared: DeclaredColumn[] | undefined, rows: readonly Row[]): TableColumn[] {
  const base: DeclaredColumn[] = declared?.length
    ? declared
    : [...new Set(rows.slice(0, 20).flatMap((row) => Object.keys(row)))].map((key) => ({ key }));
  return base.map((column) => {
    const numeric = rows.some((row) => typeof row[column.key] === 'number');
    const format = column.format ?? (numeric ? 'number' : 'text');
    const rightAligned = ['number', 'currency', 'percent'].includes(format);
    return {
      key: column.key,
      label: column.label ?? column.key,
      format,
      align: column.align ?? (rightAligned ? 'right' : 'left'),
    };
  });
}

/** Rows sorted by a column (numbers numerically, text with locale collation, empty values last). Stable. */
export function sortRows(rows: readonly Row[], key: string | undefined, direction: 'asc' | 'desc'): Row[] {
  if (!key) return [...rows];
  const sign = direction === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const left = a.row[key];
      const right = b.row[key];
      const leftEmpty = left === null || left === undefined || left === '';
      const rightEmpty = right === null || right === undefined || right === '';
      if (leftEmpty || rightEmpty) return leftEmpty === rightEmpty ? a.index - b.index : leftEmpty ? 1 : -1;
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : collator.compare(String(left), String(right));
      return order === 0 ? a.index - b.index : order * sign;
    })
    .map(({ row }) => row);
}

/** One page of rows (pages count from 0) and the number of pages. */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  pageSize: number,
): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(current * pageSize, (current + 1) * pageSize), pages, page: current };
}
