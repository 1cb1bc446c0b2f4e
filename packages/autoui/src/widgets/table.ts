import { arrayOf, object, scalar, TITLE, text } from './schema-parts.ts';
import type { DynamicUrl, WidgetDefinition } from './widget-definition.ts';

const COLUMN_FORMATS = ['text', 'number', 'currency', 'percent', 'date', 'link', 'image'];

/** `table`: rows of records with typed columns, sortable and paginated. */
export const table: WidgetDefinition<'table'> = {
  name: 'table',
  schema: object(
    {
      title: TITLE,
      columns: arrayOf(
        object(
          {
            key: text('The row property shown in this column', 200),
            label: text('Column heading (defaults to the key)', 200),
            align: { enum: ['left', 'center', 'right'], description: 'Alignment (numbers default to right)' },
            format: {
              enum: COLUMN_FORMATS,
              description: 'How values are shown; link and image columns hold URLs',
            },
          },
          ['key'],
        ),
        'The columns, in order (defaults to the keys of the first row)',
        { min: 1, max: 50 },
      ),
      rows: arrayOf(
        {
          type: 'object',
          additionalProperties: scalar('A cell value'),
          description: 'One record: column key → value',
        },
        'The records',
        { max: 5000 },
      ),
      sortable: { type: 'boolean', description: 'Let the user sort by clicking a heading (default true)' },
      pageSize: { type: 'integer', minimum: 1, maximum: 500, description: 'Rows per page (default 10)' },
      currency: {
        type: 'string',
        pattern: '^[A-Z]{3}$',
        description: 'ISO 4217 code for currency columns (default EUR)',
      },
    },
    ['rows'],
  ),
  recipe: `---
name: table
title: Table
description: Records with the same fields as rows and columns, sortable and paginated.
when: Several items share the same attributes (query results, products with prices, a comparison of countries).
keywords: [table, rows, columns, records, grid, data, compare, spreadsheet, results, list]
---
Display \`table\` with \`rows\` (objects of column key → value, straight from the tool result) and \`columns\` (\`{ "key", "label", "align", "format" }\` in display order; formats: text, number, currency, percent, date, link, image). Choose only the columns that answer the question, label them for people, and right-align numbers. Long tables are paginated (\`pageSize\`, default 10) and sortable; keep at most a few thousand rows.`,
  example: {
    title: 'Largest countries',
    columns: [
      { key: 'name', label: 'Country' },
      { key: 'area', label: 'Area (km²)', align: 'right', format: 'number' },
    ],
    rows: [
      { name: 'Russia', area: 17098242 },
      { name: 'Canada', area: 9984670 },
    ],
  },
  size: { width: 560, height: 360 },
  dynamicUrls: (params) => {
    const columns = Array.isArray(params.columns)
      ? (params.columns as Array<{ key?: unknown; format?: unknown }>)
      : [];
    const rows = Array.isArray(params.rows) ? params.rows : [];
    const urls: DynamicUrl[] = [];
    for (const column of columns) {
      if ((column.format !== 'link' && column.format !== 'image') || typeof column.key !== 'string') continue;
      for (let index = 0; index < rows.length; index++) {
        urls.push({ path: ['rows', index, column.key], kind: column.format });
      }
    }
    return urls;
  },
};
