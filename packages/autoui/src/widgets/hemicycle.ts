import { arrayOf, COLOR, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `hemicycle`: a parliament seat chart — groups' seats drawn as dots in a half circle. */
export const hemicycle: WidgetDefinition<'hemicycle'> = {
  name: 'hemicycle',
  schema: object(
    {
      title: TITLE,
      groups: arrayOf(
        object(
          {
            name: text('Group or party name', 200),
            seats: { type: 'integer', minimum: 0, maximum: 5000, description: 'Seats held' },
            color: COLOR,
          },
          ['name', 'seats'],
        ),
        'The groups, from left to right',
        { min: 1, max: 60 },
      ),
      totalSeats: {
        type: 'integer',
        minimum: 1,
        maximum: 5000,
        description: 'Total seats (defaults to the sum)',
      },
      majority: {
        type: 'integer',
        minimum: 1,
        maximum: 5000,
        description: 'Seats needed for a majority, marked on the chart',
      },
    },
    ['groups'],
  ),
  recipe: `---
name: hemicycle
title: Parliament seats (hemicycle)
description: A parliament's composition as seats in a half circle, coloured by group, left to right.
when: Showing how seats are shared between parties or groups in an assembly, or the result of an election.
keywords: [parliament, hemicycle, seats, assembly, election, parties, groups, deputies, senate, composition, majority]
---
Display \`hemicycle\` with \`groups\` ordered from left to right on the political spectrum, each \`{ "name", "seats", "color" }\` (a #hex colour for the party if known), and optionally \`majority\` (seats needed) and \`totalSeats\`. For vote results (for/against/abstain) a donut \`chart\` is often clearer.`,
  example: {
    title: 'Assembly',
    groups: [
      { name: 'Left', seats: 120, color: '#d62728' },
      { name: 'Centre', seats: 200, color: '#ff9900' },
      { name: 'Right', seats: 157, color: '#1f77b4' },
    ],
    majority: 239,
  },
  size: { width: 520, height: 320 },
};
