import type { JsonSchema } from '@switchboard/core';

/** A string property with a description and a length limit. */
export function text(description: string, maxLength = 500): JsonSchema {
  return { type: 'string', description, maxLength };
}

/** The optional heading most widgets take. */
export const TITLE: JsonSchema = text('Heading shown above the widget', 200);

/** An image URL: http(s) or data:image; placeholder hosts are removed, an image-host allowlist applies. */
export function imageUrl(description: string): JsonSchema {
  return {
    type: 'string',
    format: 'uri',
    'x-url': 'image',
    description: `${description} (http(s) or data:image URL)`,
  };
}

/** A link URL: http(s) only. */
export function linkUrl(description: string): JsonSchema {
  return {
    type: 'string',
    format: 'uri',
    'x-url': 'link',
    description: `${description} (http(s) URL)`,
    maxLength: 2000,
  };
}

/** A number, or a preformatted string such as "3.2%". */
export function numberOrText(description: string): JsonSchema {
  return { type: ['number', 'string'], description, maxLength: 200 };
}

/** A cell or field value: text, number, boolean or null. */
export function scalar(description: string): JsonSchema {
  return { type: ['string', 'number', 'boolean', 'null'], description, maxLength: 5000 };
}

/** A CSS colour: `#hex` or a colour name (nothing else, so no CSS can be injected). */
export const COLOR: JsonSchema = {
  type: 'string',
  pattern: '^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$',
  description: 'CSS colour: #rgb, #rrggbb or a colour name',
};

/** The colour variants widgets share. */
export const VARIANT: JsonSchema = {
  enum: ['default', 'info', 'success', 'warning', 'danger'],
  description: 'Colour accent',
};

/** A closed object: only the listed properties are accepted. */
export function object(
  properties: Record<string, JsonSchema>,
  required: string[] = [],
  description?: string,
): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** An array of `items` with bounds. */
export function arrayOf(
  items: JsonSchema,
  description: string,
  bounds: { min?: number; max?: number } = {},
): JsonSchema {
  return {
    type: 'array',
    description,
    items,
    ...(bounds.min !== undefined ? { minItems: bounds.min } : {}),
    ...(bounds.max !== undefined ? { maxItems: bounds.max } : {}),
  };
}

/** A nested widget (inside `tabs` or `grid`): its name and params, validated against that widget's schema. */
export const CHILD_WIDGET: JsonSchema = object(
  {
    name: text('Widget name, as for widget_display', 50),
    params: { type: 'object', description: "The child widget's params" },
  },
  ['name', 'params'],
  'A nested widget',
);
