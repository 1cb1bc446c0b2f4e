import { object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `code`: source code or any preformatted text, never executed. */
export const code: WidgetDefinition<'code'> = {
  name: 'code',
  schema: object(
    {
      code: text('The code or preformatted text', 200000),
      language: {
        type: 'string',
        pattern: '^[A-Za-z0-9+#._-]{1,30}$',
        description: 'Language name, e.g. sql, ts, json',
      },
      title: TITLE,
      showLineNumbers: { type: 'boolean', description: 'Number the lines' },
    },
    ['code'],
  ),
  recipe: `---
name: code
title: Code block
description: Source code, a query or any preformatted text in a monospace block with a copy button.
when: Showing SQL that was run, a configuration, a command or a code snippet.
keywords: [code, source, snippet, sql, query, script, command, preformatted, monospace, config]
---
Display \`code\` with \`code\` (the text, as is) and \`language\` (e.g. "sql", "ts", "json", "bash"); set \`showLineNumbers\` for long listings. The code is only shown, never run.`,
  example: { language: 'sql', code: 'SELECT name, area FROM countries ORDER BY area DESC LIMIT 10' },
  size: { width: 520, height: 240 },
};
