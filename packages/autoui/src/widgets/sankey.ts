import { arrayOf, COLOR, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `sankey`: flows between nodes, drawn as bands whose width is the flow's value. */
export const sankey: WidgetDefinition<'sankey'> = {
  name: 'sankey',
  schema: object(
    {
      title: TITLE,
      nodes: arrayOf(
        object({ id: text('Node id used by links', 200), label: text('Display name', 200), color: COLOR }, [
          'id',
        ]),
        'Nodes (defaults to those named by the links)',
        { max: 200 },
      ),
      links: arrayOf(
        object(
          {
            source: text('Source node id', 200),
            target: text('Target node id', 200),
            value: { type: 'number', exclusiveMinimum: 0, description: 'Size of the flow' },
          },
          ['source', 'target', 'value'],
        ),
        'Flows between nodes (no cycles)',
        { min: 1, max: 1000 },
      ),
      unit: text('Unit of the values', 30),
    },
    ['links'],
  ),
  recipe: `---
name: sankey
title: Sankey diagram
description: Flows from sources to destinations, drawn as bands whose width is the amount — budgets, energy, traffic, transfers.
when: The answer is how a quantity splits and moves between stages or categories (where the budget goes, vote transfers).
keywords: [sankey, flow, flows, budget, transfer, split, distribution, source, target, energy, funnel]
---
Display \`sankey\` with \`links\`, each \`{ "source", "target", "value" }\` (positive values, no cycles), and optionally \`nodes\` (\`{ "id", "label", "color" }\`) to give nodes readable names and colours; nodes named only in links are added automatically. Put the unit in \`unit\`.`,
  example: {
    links: [
      { source: 'Budget', target: 'Health', value: 40 },
      { source: 'Budget', target: 'Education', value: 35 },
    ],
    unit: 'bn €',
  },
  size: { width: 560, height: 360 },
};
