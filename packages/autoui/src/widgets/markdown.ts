import { object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `markdown`: formatted text (Markdown, sanitized; raw HTML is removed). */
export const markdown: WidgetDefinition<'markdown'> = {
  name: 'markdown',
  schema: object({ content: text('Markdown text', 100000), title: TITLE }, ['content']),
  recipe: `---
name: markdown
title: Formatted text
description: A block of Markdown — headings, lists, emphasis, links, small tables.
when: A longer written answer, a report or a summary deserves a place on the canvas next to the data.
keywords: [markdown, text, report, summary, notes, document, article, prose, explanation]
---
Display \`markdown\` with \`content\` in Markdown (headings, lists, emphasis, links, tables). HTML tags and scripts are stripped and only http(s) links are kept, so write plain Markdown. Short answers belong in the chat, not on the canvas.`,
  example: { content: '## Summary\n\n- **3** countries compared\n- Russia is the largest' },
  size: { width: 480, height: 300 },
};
