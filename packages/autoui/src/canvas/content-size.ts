import { isPlainObject } from '@switchboard/core';
import type { CanvasSize } from './canvas-types.ts';

/** Pixel metrics of the estimate: the block's bar and padding, a line of text, an average character. */
const METRICS = Object.freeze({ chrome: 52, line: 22, title: 30, char: 7.5, rowHeight: 34, headerRow: 36 });
const MIN = Object.freeze({ width: 200, height: 90 });
/** Widgets whose size follows their content; the others keep their default size. */
const MAX: Readonly<Record<string, CanvasSize>> = {
  markdown: { width: 480, height: 420 },
  stat: { width: 320, height: 200 },
  table: { width: 720, height: 460 },
};

/**
 * The size a new widget needs for its content, estimated from its data (no DOM): a one-line
 * Markdown text gets a small tile, a stat its label's width, a table its columns' widths and its
 * first page of rows, each within sensible bounds. Other widgets keep `base` (their default size).
 */
export function contentSize(type: string, data: Record<string, unknown>, base: CanvasSize): CanvasSize {
  const max = MAX[type];
  if (max === undefined) return base;
  const titled = typeof data.title === 'string' && data.title !== '';
  const needed =
    type === 'markdown'
      ? markdownSize(String(data.content ?? ''))
      : type === 'stat'
        ? statSize(data)
        : tableSize(data);
  return {
    width: Math.round(Math.min(max.width, Math.max(MIN.width, needed.width))),
    height: Math.round(
      Math.min(max.height, Math.max(MIN.height, needed.height + (titled ? METRICS.title : 0))),
    ),
  };
}

function markdownSize(content: string): CanvasSize {
  const lines = content.split('\n');
  const longest = Math.max(0, ...lines.map((line) => line.length));
  const width = Math.min(MAX.markdown.width, longest * METRICS.char + METRICS.chrome);
  const perLine = Math.max(1, Math.floor((width - METRICS.chrome) / METRICS.char));
  const wrapped = lines.reduce((count, line) => count + Math.max(1, Math.ceil(line.length / perLine)), 0);
  const headings = lines.filter((line) => line.startsWith('#')).length;
  return { width, height: METRICS.chrome + (wrapped + headings) * METRICS.line };
}

function statSize(data: Record<string, unknown>): CanvasSize {
  const label = String(data.label ?? '').length;
  const value = String(data.value ?? '').length * 2 + String(data.unit ?? '').length;
  const description = data.description === undefined ? 0 : METRICS.line * 2;
  return {
    width: Math.max(label, value) * METRICS.char * 1.2 + METRICS.chrome,
    height: METRICS.chrome + METRICS.line + 44 + description,
  };
}

function tableSize(data: Record<string, unknown>): CanvasSize {
  const rows = Array.isArray(data.rows) ? data.rows.filter(isPlainObject) : [];
  const columns = Array.isArray(data.columns)
    ? data.columns
        .filter(isPlainObject)
        .map((column) => ({ key: String(column.key), label: String(column.label ?? column.key) }))
    : Object.keys(rows[0] ?? {}).map((key) => ({ key, label: key }));
  const sample = rows.slice(0, 20);
  const width = columns.reduce((sum: number, column) => {
    const longest = Math.max(
      column.label.length,
      ...sample.map((row) => String(row[column.key] ?? '').length),
    );
    return sum + Math.min(longest, 40) * METRICS.char + 20;
  }, METRICS.chrome);
  const pageSize = typeof data.pageSize === 'number' ? data.pageSize : 10;
  const shown = Math.max(1, Math.min(rows.length, pageSize));
  const pager = rows.length > pageSize ? METRICS.headerRow : 0;
  return { width, height: METRICS.chrome + METRICS.headerRow + shown * METRICS.rowHeight + pager };
}
