import { arrayOf, linkUrl, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `list`: a bulleted or numbered list of items, each text with an optional second line and link. */
export const list: WidgetDefinition<'list'> = {
  name: 'list',
  schema: object(
    {
      title: TITLE,
      ordered: { type: 'boolean', description: 'Numbered (true) or bulleted (false, the default)' },
      items: arrayOf(
        {
          anyOf: [
            text('The item', 1000),
            object(
              {
                text: text('The item', 1000),
                secondary: text('A second, smaller line', 1000),
                href: linkUrl('Where the item links to'),
              },
              ['text'],
            ),
          ],
        },
        'The items: strings, or objects with text, secondary and href',
        { min: 1, max: 500 },
      ),
    },
    ['items'],
  ),
  recipe: `---
name: list
title: List
description: A bulleted or numbered list of short items, optionally with a second line and a link.
when: The answer is a set of names, steps or results without columns (search hits, steps to follow, a shortlist).
keywords: [list, items, bullets, steps, results, names, ranking, ordered]
---
Display \`list\` with \`items\` as plain strings, or as \`{ "text": …, "secondary": …, "href": … }\` objects when each item has a detail line or a link; set \`ordered: true\` for steps or rankings. Use a \`table\` when items share several fields, \`cards\` when they have pictures.`,
  example: {
    title: 'Next steps',
    ordered: true,
    items: ['Search the catalogue', { text: 'Add to cart', secondary: 'one product at a time' }],
  },
  size: { width: 360, height: 260 },
};
