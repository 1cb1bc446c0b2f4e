import { object, TITLE } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `json-viewer`: any JSON value as a collapsible tree. */
export const jsonViewer: WidgetDefinition<'json-viewer'> = {
  name: 'json-viewer',
  schema: object(
    {
      data: { description: 'Any JSON value' },
      title: TITLE,
      expandDepth: {
        type: 'integer',
        minimum: 0,
        maximum: 10,
        description: 'Levels expanded at first (default 2)',
      },
    },
    ['data'],
  ),
  recipe: `---
name: json-viewer
title: JSON viewer
description: Any JSON value as a collapsible tree.
when: Raw, irregular or deeply nested data the user wants to inspect (an API response, a configuration, a record with nested parts).
keywords: [json, raw, data, tree, inspect, debug, nested, object, response, structure]
---
Display \`json-viewer\` with \`data\` (the value as is) and optionally \`expandDepth\` (levels open at first, default 2). Prefer a \`table\` or \`kv\` when the data is regular; use this for inspection and debugging.`,
  example: { title: 'Response', data: { ok: true, items: [1, 2, 3] } },
  size: { width: 420, height: 320 },
};
