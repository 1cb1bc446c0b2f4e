import { arrayOf, object, TITLE, text } from './schema-parts.ts';
import type { WidgetDefinition } from './widget-definition.ts';

/** `actions`: buttons that send a message to the conversation or call a tool. */
export const actions: WidgetDefinition<'actions'> = {
  name: 'actions',
  schema: object(
    {
      title: TITLE,
      buttons: arrayOf(
        {
          ...object(
            {
              label: text('Button text', 100),
              message: text('Message sent to the conversation as the user when clicked', 2000),
              tool: {
                type: 'string',
                pattern: '^[A-Za-z0-9_-]{1,128}$',
                description:
                  'Full tool name ({server}_{mcp|webmcp}_{tool}) called when clicked, instead of a message',
              },
              args: { type: 'object', description: 'Arguments of the tool call' },
              variant: { enum: ['primary', 'secondary', 'danger'], description: 'Button style' },
            },
            ['label'],
          ),
          anyOf: [{ required: ['message'] }, { required: ['tool'] }],
        },
        'The buttons; each needs a message or a tool',
        { min: 1, max: 20 },
      ),
    },
    ['buttons'],
  ),
  recipe: `---
name: actions
title: Action buttons
description: Buttons the user clicks to send a follow-up message or to call a tool directly.
when: Offering the user a few next steps (see details, add to cart, show on a map) instead of asking them to type.
keywords: [actions, buttons, next, steps, choices, options, click, follow-up, quick replies, menu]
---
Display \`actions\` with \`buttons\`, each \`{ "label", "message" }\` to send \`message\` as the user's next message, or \`{ "label", "tool", "args" }\` to call the tool (its full name) with \`args\`; \`variant\` is "primary", "secondary" or "danger". Offer two to five buttons. Tool calls from buttons still go through the user's approval rules.`,
  example: {
    buttons: [
      { label: 'Show on a map', message: 'Show these countries on a map', variant: 'primary' },
      { label: 'Compute 2 + 2', tool: 'calculator_webmcp_calculate', args: { operation: 'add', a: 2, b: 2 } },
    ],
  },
  size: { width: 420, height: 110 },
};
