import { arrayOf, COLOR, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `tags`: a set of short labels (chips). */
export const tags: WidgetDefinition<'tags'> = {
  name: 'tags',
  schema: object(
    {
      title: TITLE,
      tags: arrayOf(
        { anyOf: [text('A tag', 100), object({ label: text('A tag', 100), color: COLOR }, ['label'])] },
        'The tags: strings, or { label, color }',
        { min: 1, max: 200 },
      ),
    },
    ['tags'],
  ),
  recipe: `---
name: tags
title: Tags
description: A set of short labels (chips) — categories, keywords, languages, skills.
when: Showing a handful of short values that classify something, where a list would be too heavy.
keywords: [tags, labels, chips, keywords, categories, badges, topics, skills]
---
Display \`tags\` with \`tags\` as strings, or \`{ "label", "color" }\` objects to colour some of them. Keep each tag to a word or two.`,
  example: { title: 'Languages', tags: ['French', 'German', { label: 'Italian', color: '#2ca02c' }] },
  size: { width: 360, height: 120 },
};
