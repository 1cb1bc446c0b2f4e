import { arrayOf, CHILD_WIDGET, object, TITLE } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `grid`: several widgets laid out in columns within one block. */
export const grid: WidgetDefinition<'grid'> = {
  name: 'grid',
  schema: object(
    {
      title: TITLE,
      columns: { type: 'integer', minimum: 1, maximum: 6, description: 'Number of columns (default 2)' },
      items: arrayOf(
        object(
          {
            widget: CHILD_WIDGET,
            span: {
              type: 'integer',
              minimum: 1,
              maximum: 6,
              description: 'Columns this item spans (default 1)',
            },
          },
          ['widget'],
        ),
        'The widgets, filled row by row',
        { min: 1, max: 24 },
      ),
    },
    ['items'],
  ),
  recipe: `---
name: grid
title: Grid layout
description: Several widgets arranged in columns inside one block — a dashboard of stat cards, a chart beside its table.
when: A handful of related widgets belong together and should move and resize as one.
keywords: [grid, layout, dashboard, columns, group, combine, side by side, panel]
---
Display \`grid\` with \`columns\` (default 2) and \`items\`, each \`{ "widget": { "name", "params" }, "span" }\` where \`name\` and \`params\` are exactly what widget_display takes; \`span\` lets an item cover several columns. Grids and tabs may nest two levels deep. For a few stat-cards a grid of three or four columns works well.`,
  example: {
    columns: 2,
    items: [
      { widget: { name: 'stat', params: { label: 'Orders', value: 42 } } },
      { widget: { name: 'stat', params: { label: 'Revenue', value: 1260, unit: '€' } } },
    ],
  },
  size: { width: 560, height: 320 },
  children: (params) =>
    (Array.isArray(params.items) ? params.items : []).map(
      (item: { widget?: { name?: unknown; params?: unknown } }, index) => ({
        path: ['items', index, 'widget', 'params'],
        name: item?.widget?.name,
        params: item?.widget?.params,
      }),
    ),
};
