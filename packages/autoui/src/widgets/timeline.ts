import { arrayOf, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `timeline`: dated events in order. */
export const timeline: WidgetDefinition<'timeline'> = {
  name: 'timeline',
  schema: object(
    {
      title: TITLE,
      events: arrayOf(
        object(
          {
            date: text('When: an ISO date, a year, or text such as "Spring 2024"', 100),
            title: text('What happened', 300),
            description: text('Details', 2000),
            tag: text('A short category label', 50),
          },
          ['date', 'title'],
        ),
        'The events, oldest first',
        { min: 1, max: 500 },
      ),
    },
    ['events'],
  ),
  recipe: `---
name: timeline
title: Timeline
description: Dated events in chronological order — a history, an order's progress, a project plan.
when: The answer is a sequence of things that happened (or will happen) at given dates.
keywords: [timeline, history, chronology, events, dates, sequence, milestones, schedule, when]
---
Display \`timeline\` with \`events\`, each \`{ "date", "title", "description", "tag" }\`, oldest first; dates may be ISO dates, years or free text. Keep titles short and put detail in \`description\`. For numbers over time use a line \`chart\` instead.`,
  example: {
    title: 'Order 1042',
    events: [
      { date: '2025-03-01', title: 'Ordered' },
      { date: '2025-03-03', title: 'Shipped', description: 'Parcel handed to the carrier' },
    ],
  },
  size: { width: 420, height: 360 },
};
