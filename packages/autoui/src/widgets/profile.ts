import { arrayOf, imageUrl, linkUrl, object, scalar, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `profile`: one person or organisation — picture, name, subtitle, fields, links and tags. */
export const profile: WidgetDefinition<'profile'> = {
  name: 'profile',
  schema: object(
    {
      name: text('Name of the person or organisation', 200),
      subtitle: text('Role, title or one-line summary', 300),
      avatar: imageUrl('Portrait or logo'),
      description: text('A short biography or description', 3000),
      fields: arrayOf(
        object({ label: text('Field name', 200), value: scalar('Field value') }, ['label', 'value']),
        'Facts',
        {
          max: 50,
        },
      ),
      links: arrayOf(
        object({ label: text('Link text', 200), href: linkUrl('Link target') }, ['label', 'href']),
        'Links',
        {
          max: 20,
        },
      ),
      tags: arrayOf(text('A tag', 60), 'Short labels', { max: 30 }),
    },
    ['name'],
  ),
  recipe: `---
name: profile
title: Profile
description: One person or organisation — portrait, name, role, key facts, links and tags.
when: The answer is about one specific person or organisation (a member of parliament, an author, a company).
keywords: [profile, person, people, biography, who, member, author, organisation, company, contact]
---
Display \`profile\` with \`name\`, \`subtitle\` (role or one-line summary), \`avatar\` (a picture URL from a tool result, if any), \`description\`, \`fields\` (\`{ "label", "value" }\` facts), \`links\` (\`{ "label", "href" }\`) and \`tags\`. For many people at once use a \`trombinoscope\`.`,
  example: {
    name: 'Ada Lovelace',
    subtitle: 'Mathematician',
    fields: [{ label: 'Born', value: '1815' }],
    tags: ['computing'],
  },
  size: { width: 380, height: 340 },
};
