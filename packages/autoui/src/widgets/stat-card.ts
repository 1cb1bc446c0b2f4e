import { numberOrText, object, TITLE, text, VARIANT } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `stat-card`: a KPI with a change (delta), a trend arrow and a colour variant. */
export const statCard: WidgetDefinition<'stat-card'> = {
  name: 'stat-card',
  schema: object(
    {
      label: text('What the number is', 200),
      value: numberOrText('The number, or a preformatted value'),
      unit: text('Unit shown after the value', 30),
      delta: numberOrText('Change since the previous period, e.g. -4.2 or "+12%"'),
      trend: { enum: ['up', 'down', 'stable'], description: 'Direction of the change' },
      variant: VARIANT,
      description: text('One short line of context', 300),
      icon: text('An emoji or one or two characters shown beside the label', 8),
      title: TITLE,
    },
    ['label', 'value'],
  ),
  recipe: `---
name: stat-card
title: KPI card with trend
description: A key figure with its change, a trend arrow (up, down, stable) and a colour variant.
when: A figure is compared with a previous period or a target (sales this month vs last month, conversion rate trend).
keywords: [kpi, trend, delta, change, growth, increase, decrease, dashboard, metric]
---
Display \`stat-card\` with \`label\` and \`value\`, then \`delta\` (the change, signed, e.g. -4.2 or "+12%"), \`trend\` ("up", "down" or "stable") and \`variant\` ("success" when the change is good news, "danger" when it is bad, "default" otherwise). Several stat-cards side by side make a dashboard; put them in a \`grid\` when there are more than three.`,
  example: { label: 'Conversion', value: '3.2%', delta: '+0.4 pt', trend: 'up', variant: 'success' },
  size: { width: 260, height: 160 },
};
