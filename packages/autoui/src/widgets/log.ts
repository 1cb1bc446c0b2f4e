import { arrayOf, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `log`: log lines with level, timestamp and source. */
export const log: WidgetDefinition<'log'> = {
  name: 'log',
  schema: object(
    {
      title: TITLE,
      entries: arrayOf(
        object(
          {
            message: text('The log message', 5000),
            level: { enum: ['debug', 'info', 'warn', 'error'], description: 'Severity (default info)' },
            timestamp: text('When, e.g. an ISO timestamp', 60),
            source: text('Where it came from', 100),
          },
          ['message'],
        ),
        'Log entries, oldest first',
        { min: 1, max: 5000 },
      ),
    },
    ['entries'],
  ),
  recipe: `---
name: log
title: Log
description: Log lines with level, timestamp and source in a scrolling monospace view.
when: Showing what a process, a server or a sequence of tool calls did, step by step.
keywords: [log, logs, events, trace, output, console, history, debug, messages]
---
Display \`log\` with \`entries\`, each \`{ "message", "level", "timestamp", "source" }\` (levels debug, info, warn, error), oldest first. Use a \`timeline\` for a few meaningful events and this for many raw lines.`,
  example: { entries: [{ level: 'info', timestamp: '2025-03-01T10:00:00Z', message: 'Server started' }] },
  size: { width: 560, height: 280 },
};
