import type { OperatorModel } from '../../chat/model-resolver.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { json, list, standardErrors } from '../openapi-parts.ts';

/** A model as users see it: what to pick it by and how to show it, never where it is or its key. */
interface ModelView {
  id: string;
  label: string;
  vendor: string;
  default: boolean;
  price?: OperatorModel['price'];
}

/** A model the operator offers, as any signed-in user sees it (no URL, no key). */
const Model = named('Model', {
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
});

/** The operator's models (`GET /models`): the ids a conversation's or a stateless request's `model` may name. */
export const modelRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/models',
    summary: "The models users may pick (the operator's configuration), the default marked",
    description:
      "A conversation's `model` (`POST /conversations`, `PATCH /conversations/{id}`) and a stateless request's " +
      '`model` take one of these ids, or null for the default; anything else is 400 `unknown_model`.',
    responses: { '200': json(list(Model)), ...standardErrors },
    handle(c, { services }) {
      const { offered, defaultEntry } = services.models;
      const items = offered.map(
        (entry): ModelView => ({
          id: entry.id,
          label: entry.label,
          vendor: entry.vendor,
          default: entry === defaultEntry,
          ...(entry.price ? { price: entry.price } : {}),
        }),
      );
      return c.json({ items });
    },
  }),
];
