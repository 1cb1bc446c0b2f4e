import { arrayOf, COLOR, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** The chart types `chart` draws. */
export const CHART_TYPES = ['bar', 'line', 'area', 'pie', 'donut', 'scatter'] as const;

const POINT = object({ x: { type: 'number' }, y: { type: 'number' } }, ['x', 'y'], 'A scatter point');

/** `chart`: bar, line, area, pie, donut or scatter chart of one or more series. */
export const chart: WidgetDefinition<'chart'> = {
  name: 'chart',
  schema: object(
    {
      type: { enum: [...CHART_TYPES], description: 'The kind of chart' },
      title: TITLE,
      labels: arrayOf(
        { type: ['string', 'number'], maxLength: 200 },
        'Category labels (x axis, or slices of a pie/donut), one per data point',
        { max: 2000 },
      ),
      series: arrayOf(
        object(
          {
            name: text('Series name shown in the legend', 200),
            data: arrayOf(
              { anyOf: [{ type: ['number', 'null'] }, POINT] },
              'Values, one per label (numbers); for scatter, {x, y} points',
              { max: 5000 },
            ),
            color: COLOR,
          },
          ['data'],
        ),
        'One or more series',
        { min: 1, max: 20 },
      ),
      xLabel: text('X axis title', 100),
      yLabel: text('Y axis title', 100),
      stacked: { type: 'boolean', description: 'Stack bar/area series' },
      unit: text('Unit of the values, shown in tooltips', 30),
    },
    ['type', 'series'],
  ),
  recipe: `---
name: chart
title: Chart (bar, line, area, pie, donut, scatter)
description: Numbers drawn as a bar, line, area, pie, donut or scatter chart, with one or more series.
when: Values should be compared (bar), followed over time (line, area), shown as shares of a whole (pie, donut) or correlated (scatter).
keywords: [chart, graph, plot, bar, line, area, pie, donut, scatter, trend, evolution, share, distribution, visualize]
---
Display \`chart\` with \`type\` ("bar" to compare categories, "line" or "area" for a series over time, "pie" or "donut" for shares of a whole with a few slices, "scatter" for two measures), \`labels\` (one per data point: categories or dates) and \`series\` (\`[{ "name": "Area (km²)", "data": [numbers…] }]\`, one entry per measure, each as long as \`labels\`). For scatter, give \`data\` as \`{ "x", "y" }\` points and no labels. Put units in \`unit\` or the axis labels, and keep pies to about eight slices.`,
  example: {
    type: 'bar',
    title: 'Largest countries by area',
    labels: ['Russia', 'Canada', 'China'],
    series: [{ name: 'Area (km²)', data: [17098242, 9984670, 9706961] }],
  },
  size: { width: 560, height: 360 },
};
