import { object, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `alert`: a coloured message box (info, success, warning, error). */
export const alert: WidgetDefinition<'alert'> = {
  name: 'alert',
  schema: object(
    {
      message: text('The message', 3000),
      title: text('A short heading', 200),
      level: { enum: ['info', 'success', 'warning', 'error'], description: 'Severity (default info)' },
    },
    ['message'],
  ),
  recipe: `---
name: alert
title: Alert
description: A coloured message box — information, success, warning or error.
when: Something needs the user's attention (an order was placed, a query returned nothing, stock ran out, an error).
keywords: [alert, message, notice, warning, error, success, info, banner, notification]
---
Display \`alert\` with \`message\` and \`level\` ("info", "success", "warning" or "error"), and an optional short \`title\`. Use it for outcomes and problems, not for ordinary answers, which belong in the chat text.`,
  example: { level: 'success', title: 'Order placed', message: 'Order 1042 is confirmed.' },
  size: { width: 420, height: 120 },
};
