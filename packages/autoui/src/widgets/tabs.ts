import { arrayOf, CHILD_WIDGET, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `tabs`: several widgets in one block, one tab each. */
export const tabs: WidgetDefinition<'tabs'> = {
  name: 'tabs',
  schema: object(
    {
      title: TITLE,
      tabs: arrayOf(
        object({ label: text('Tab label', 100), widget: CHILD_WIDGET }, ['label', 'widget']),
        'The tabs',
        {
          min: 1,
          max: 12,
        },
      ),
    },
    ['tabs'],
  ),
  recipe: `---
name: tabs
title: Tabs
description: Several widgets in one block, one per tab — the same data as a table and a chart, or one tab per category.
when: Alternative views of the same answer, or parallel sections, would crowd the canvas as separate blocks.
keywords: [tabs, views, sections, switch, alternatives, group, combine, layout]
---
Display \`tabs\` with \`tabs\`, each \`{ "label", "widget": { "name", "params" } }\` where \`name\` and \`params\` are exactly what widget_display takes for that widget (tabs and grids may nest two levels deep). Each child is validated against its own schema.`,
  example: {
    tabs: [
      {
        label: 'Chart',
        widget: { name: 'chart', params: { type: 'pie', labels: ['A', 'B'], series: [{ data: [1, 2] }] } },
      },
      {
        label: 'Numbers',
        widget: {
          name: 'kv',
          params: {
            items: [
              { key: 'A', value: 1 },
              { key: 'B', value: 2 },
            ],
          },
        },
      },
    ],
  },
  size: { width: 560, height: 400 },
  children: (params) =>
    (Array.isArray(params.tabs) ? params.tabs : []).map(
      (tab: { widget?: { name?: unknown; params?: unknown } }, index) => ({
        path: ['tabs', index, 'widget', 'params'],
        name: tab?.widget?.name,
        params: tab?.widget?.params,
      }),
    ),
};
