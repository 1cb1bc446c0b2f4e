import { Hono } from 'hono';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import type { ModelPrice } from '../../store/usage-breakdown.ts';
import {
  type ModelUsageRow,
  modelUsageBreakdown,
  toolUsageBreakdown,
  totalOf,
  type UsageDimension,
  type UsageScope,
} from '../../store/usage-breakdown.ts';
import { usageTotals } from '../../store/usage-store.ts';
import { findUserById } from '../../store/user-store.ts';
import { UsageQuerySchema } from '../admin-schemas.ts';
import { ApiError } from '../api-error.ts';
import { requireAdmin } from '../authenticate.ts';
import { readQuery, readRange } from '../read-query.ts';

interface UsageQuery {
  by?: UsageDimension;
  from?: string;
  to?: string;
  user?: string;
  all?: 'true' | 'false';
}

/**
 * `GET /usage`: the caller's totals (unchanged without parameters), or a breakdown by day, model,
 * user or tool over a date range; administrators may ask for another user's (`user=`) or
 * everyone's (`all=true`), anyone else gets 403 for either.
 */
export function usageRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.get('/usage', async (c) => {
    const caller = c.get('user');
    const query = readQuery<UsageQuery>(c, UsageQuerySchema, services);
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
    if (query.by === 'tool') return c.json({ ...echo, items: await toolUsageBreakdown(services.db, scope) });
    const rows = await modelUsageBreakdown(services.db, query.by ?? 'model', scope, prices(services));
    const items = query.by === 'model' ? rows.map((row) => withLabel(services, row)) : rows;
    return c.json({ ...echo, ...(query.by ? { items } : {}), totals: totalOf(rows) });
  });

  return app;
}

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
