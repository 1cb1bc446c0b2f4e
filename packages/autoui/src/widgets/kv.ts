import { arrayOf, object, scalar, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `kv`: a list of key–value pairs. */
export const kv: WidgetDefinition<'kv'> = {
  name: 'kv',
  schema: object(
    {
      title: TITLE,
      items: arrayOf(
        object({ key: text('The label', 200), value: scalar('The value') }, ['key', 'value']),
        'The pairs, in display order',
        { min: 1, max: 200 },
      ),
    },
    ['items'],
  ),
  recipe: `---
name: kv
title: Key–value list
description: Facts about one thing as label/value pairs — a record, a profile's details, settings.
when: One entity has a handful of named attributes (a country's capital, region and languages; an order's id, date and total).
keywords: [details, facts, attributes, properties, record, fields, key, value, summary]
---
Display \`kv\` with \`items\`, a list of \`{ "key": "Capital", "value": "Bern" }\` pairs in the order a reader wants them; values may be text, numbers, booleans or null. Keep keys short and human (not column names). For many records with the same fields use a \`table\` instead.`,
  example: {
    title: 'Switzerland',
    items: [
      { key: 'Capital', value: 'Bern' },
      { key: 'Languages', value: 'French, German, Italian, Romansh' },
      { key: 'Landlocked', value: true },
    ],
  },
  size: { width: 360, height: 240 },
};
