import { numberOrText, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `stat`: one headline number with its label. */
export const stat: WidgetDefinition<'stat'> = {
  name: 'stat',
  schema: object(
    {
      label: text('What the number is, e.g. "Orders today"', 200),
      value: numberOrText('The number, or a preformatted value such as "3.2%"'),
      unit: text('Unit shown after the value, e.g. "km²" or "€"', 30),
      description: text('One short line of context under the value', 300),
      title: TITLE,
    },
    ['label', 'value'],
  ),
  recipe: `---
name: stat
title: Single statistic
description: One headline number with its label — a count, a total, a measurement.
when: The answer is one figure ("how many…", "what is the total…", the result of a calculation).
keywords: [number, figure, count, total, metric, kpi, result, value]
---
Display \`stat\` with \`label\` (what was measured, in a few words) and \`value\` (a number, or a preformatted string like "3.2%"); put the unit in \`unit\` rather than in the value so numbers stay numbers. Use one stat per figure; for a figure with a change or a trend use \`stat-card\`, for several related figures use several stats or a \`kv\` list.`,
  example: { label: 'Area', value: 41284, unit: 'km²' },
  size: { width: 240, height: 140 },
};
