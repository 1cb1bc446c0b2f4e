import type { GatewayServices } from '../../services/gateway-services.ts';
import {
  type ModelPrice,
  type ModelUsageRow,
  modelUsageBreakdown,
  toolUsageBreakdown,
  totalOf,
  USAGE_COUNTS,
  type UsageScope,
} from '../../store/usage-breakdown.ts';
import { usageTotals } from '../../store/usage-store.ts';
import { findUserById } from '../../store/user-store.ts';
import { ApiError } from '../api-error.ts';
import { type AnyApiRoute, apiRoute } from '../api-route.ts';
import { requireAdmin } from '../authenticate.ts';
import { errorResponse, json, standardErrors } from '../openapi-parts.ts';
import { readRange } from '../read-query.ts';
import { instant, text } from '../schemas.ts';

/** The query of `GET /usage`. */
const UsageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    by: {
      enum: ['day', 'model', 'tool', 'user'],
      description:
        'Break the usage down by UTC day, model, tool (calls from the audit trail) or user; without it, the totals.',
    },
    from: { ...instant, description: 'From this day or instant on (inclusive).' },
    to: { ...instant, description: 'Before this instant, or up to the end of this day.' },
    user: { ...text(200, 1), description: "Another user's usage (administrators)." },
    all: { enum: ['true', 'false'], description: "Everyone's usage together (administrators)." },
  },
} as const;

const counts = Object.fromEntries(USAGE_COUNTS.map((name) => [name, { type: 'integer' }]));
const cost = {
  type: 'object',
  required: ['amount', 'currency'],
  properties: { amount: { type: 'number' }, currency: { type: 'string' } },
  description:
    "Input and output tokens at the operator's price per million tokens of each model (GET /models); absent when a model used has none. Prompt-cache tokens are not priced.",
};
const Totals = { type: 'object', properties: { ...counts, cost } };

/**
 * `GET /usage`: the caller's totals (unchanged without parameters), or a breakdown by day, model,
 * user or tool over a date range; administrators may ask for another user's (`user=`) or
 * everyone's (`all=true`), anyone else gets 403 for either.
 */
export const usageRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/usage',
    summary: "The caller's token and tool usage",
    description:
      'Without parameters: sums over every turn (input tokens billed in full, tokens read from and written to the vendor prompt cache, output tokens, model and tool calls). ' +
      'With `by`: rows per UTC day, model, user (each with `cost` where priced) or tool (calls from the audit trail: chat, /mcp and direct calls), and the totals; `from`/`to` narrow the time. ' +
      '`user=<id>` (another user) and `all=true` (everyone) are for administrators: 403 for anyone else.',
    query: UsageQuery,
    responses: {
      '200': json({
        oneOf: [
          { type: 'object', properties: counts, description: 'The totals (no parameters).' },
          {
            type: 'object',
            properties: {
              by: { enum: ['day', 'model', 'user', 'tool'] },
              from: { type: 'string', format: 'date-time' },
              to: { type: 'string', format: 'date-time' },
              user: { type: 'string' },
              all: { const: true },
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['key'],
                  properties: {
                    key: { type: 'string', description: 'The day, model id, user id or `server:tool`.' },
                    name: {
                      type: 'string',
                      description: "The user's name (by=user) or the model's label (by=model).",
                    },
                    ...counts,
                    cost,
                    server: { type: 'string' },
                    tool: { type: 'string' },
                    calls: { type: 'integer' },
                    not_ok: { type: 'integer', description: 'Calls that did not end ok (by=tool).' },
                  },
                },
              },
              totals: Totals,
            },
          },
        ],
      }),
      ...standardErrors,
      '403': errorResponse('`user` or `all` from someone who is not an administrator.'),
    },
    async handle(c, { services, query: read }) {
      const caller = c.get('user');
      const query = read();
      const everyone = query.all === 'true';
      if (everyone && query.user !== undefined)
        throw new ApiError(400, 'invalid_request', 'invalid query: give "user" or "all=true", not both');
      if (everyone) requireAdmin(caller, "read everyone's usage");
      if (query.user !== undefined && query.user !== caller.id) {
        requireAdmin(caller, "read another user's usage");
        if (!(await findUserById(services.db, query.user)))
          throw new ApiError(404, 'user_not_found', `user ${JSON.stringify(query.user)} not found`);
      }
      const userId = everyone ? undefined : (query.user ?? caller.id);
      const range = readRange(query.from, query.to);
      if (query.by === undefined && query.from === undefined && query.to === undefined && !everyone)
        return c.json(await usageTotals(services.db, userId ?? caller.id));
      const scope: UsageScope = { ...(userId !== undefined ? { userId } : {}), ...range };
      const echo = {
        ...(query.by ? { by: query.by } : {}),
        ...(range.start ? { from: range.start } : {}),
        ...(range.end ? { to: range.end } : {}),
        ...(userId !== undefined ? { user: userId } : { all: true }),
      };
      if (query.by === 'tool')
        return c.json({ ...echo, items: await toolUsageBreakdown(services.db, scope) });
      const rows = await modelUsageBreakdown(services.db, query.by ?? 'model', scope, prices(services));
      const items = query.by === 'model' ? rows.map((row) => withLabel(services, row)) : rows;
      return c.json({ ...echo, ...(query.by ? { items } : {}), totals: totalOf(rows) });
    },
  }),
];

/** A model's row named as people are shown the model (its label in `GET /models`), when the operator offers it. */
function withLabel(services: GatewayServices, row: ModelUsageRow): ModelUsageRow {
  const entry = services.models.offered.find(
    (offered) => offered.model.id === row.key || offered.id === row.key,
  );
  return entry ? { ...row, name: entry.label } : row;
}

/**
 * The operator's prices by the id usage is recorded under (the model's own, e.g.
 * `anthropic:claude-sonnet-5-5`) and by the id people pick it by.
 */
function prices(services: GatewayServices): Map<string, ModelPrice> {
  const byId = new Map<string, ModelPrice>();
  for (const entry of services.models.offered) {
    if (!entry.price) continue;
    byId.set(entry.id, entry.price);
    byId.set(entry.model.id, entry.price);
  }
  return byId;
}
