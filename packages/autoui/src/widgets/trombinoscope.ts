import { arrayOf, imageUrl, linkUrl, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `trombinoscope`: a photo directory — people's portraits with names and roles, optionally grouped. */
export const trombinoscope: WidgetDefinition<'trombinoscope'> = {
  name: 'trombinoscope',
  schema: object(
    {
      title: TITLE,
      people: arrayOf(
        object(
          {
            name: text('Full name', 200),
            role: text('Role or position', 200),
            photo: imageUrl('Portrait'),
            group: text('Group, team or party; people are grouped by it', 200),
            href: linkUrl('Profile page'),
          },
          ['name'],
        ),
        'The people',
        { min: 1, max: 1000 },
      ),
      columns: {
        type: 'integer',
        minimum: 1,
        maximum: 12,
        description: 'Portraits per row (default: as many as fit)',
      },
    },
    ['people'],
  ),
  recipe: `---
name: trombinoscope
title: Trombinoscope (photo directory)
description: A directory of people — portrait, name and role — grouped by team, party or department.
when: Showing the members of a group (a team, a committee, the deputies of a party) so they can be recognised.
keywords: [trombinoscope, people, team, members, directory, faces, portraits, staff, deputies, committee, who]
---
Display \`trombinoscope\` with \`people\`, each \`{ "name", "role", "photo", "group", "href" }\`; people with the same \`group\` are shown together. Photos must be URLs from tool results (people without one get their initials). For a single person use \`profile\`.`,
  example: {
    title: 'Committee',
    people: [
      { name: 'Ada Lovelace', role: 'Chair', group: 'Board' },
      { name: 'Charles Babbage', role: 'Member', group: 'Board' },
    ],
  },
  size: { width: 560, height: 340 },
};
