import { object, TITLE, text, VARIANT } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `progress`: a progress bar towards a maximum. */
export const progress: WidgetDefinition<'progress'> = {
  name: 'progress',
  schema: object(
    {
      label: text('What is progressing', 200),
      value: { type: 'number', minimum: 0, description: 'Current amount' },
      max: { type: 'number', exclusiveMinimum: 0, description: 'Amount at completion (default 100)' },
      unit: text('Unit of value and max', 30),
      description: text('One line of context', 300),
      variant: VARIANT,
      title: TITLE,
    },
    ['label', 'value'],
  ),
  recipe: `---
name: progress
title: Progress bar
description: How far something has got towards a goal — a quota, a budget used, a task completed.
when: A value is meaningful against a maximum (75 of 100 seats counted, 60 % of the budget spent).
keywords: [progress, bar, percent, percentage, completion, goal, quota, budget, usage, capacity]
---
Display \`progress\` with \`label\`, \`value\` and \`max\` (default 100, so a percentage needs no max), and \`unit\` when the numbers are not percentages; \`variant\` colours the bar ("warning" near a limit, "danger" over it).`,
  example: { label: 'Budget used', value: 62, max: 100, unit: '%', variant: 'warning' },
  size: { width: 320, height: 120 },
};
