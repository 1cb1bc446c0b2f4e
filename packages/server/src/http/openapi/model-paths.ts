import type { JsonSchema } from '@switchboard/core';
import { json, list, ref, standardErrors } from '../openapi-parts.ts';

/** A model the operator offers, as any signed-in user sees it (no URL, no key). */
const Model: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'label', 'vendor', 'default'],
  properties: {
    id: { type: 'string', description: "What a conversation's or stateless request's `model` names." },
    label: { type: 'string', description: 'How to show it.' },
    vendor: { type: 'string', examples: ['anthropic', 'openai', 'openai-compatible', 'offline'] },
    default: { type: 'boolean', description: 'The model of a conversation whose `model` is null.' },
    price: {
      type: 'object',
      additionalProperties: false,
      required: ['input', 'output', 'currency'],
      description: 'What the operator says it costs, per million tokens.',
      properties: {
        input: { type: 'number', minimum: 0 },
        output: { type: 'number', minimum: 0 },
        currency: { type: 'string', description: 'ISO 4217, e.g. `USD`.' },
      },
    },
  },
};

/** The component schema of a model. */
export const modelSchemas = { Model };

/** The operator's models, which users pick from by id. */
export const modelPaths = {
  '/models': {
    get: {
      summary: "The models users may pick (the operator's configuration), the default marked",
      description:
        "A conversation's `model` (`POST /conversations`, `PATCH /conversations/{id}`) and a stateless request's " +
        '`model` take one of these ids, or null for the default; anything else is 400 `unknown_model`.',
      responses: { '200': json(list(ref('Model'))), ...standardErrors },
    },
  },
};
