import type { Queryable } from '../storage/database.ts';
import type { UsageTotals } from './usage-store.ts';

/** What a model costs, per million tokens, in `currency` (an ISO 4217 code such as `USD`). */
export interface ModelPrice {
  input: number;
  output: number;
  currency: string;
}

/** What usage is broken down by: UTC day, model, user, or tool (tool calls from the audit trail). */
export type UsageDimension = 'day' | 'model' | 'user' | 'tool';

/** Whose usage, over which time (ISO instants, `start` inclusive, `end` exclusive). */
export interface UsageScope {
  /** One user's; absent: everyone's. */
  userId?: string;
  start?: string;
  end?: string;
}

/** A cost in one currency (per the operator's price per million tokens of each model). */
export interface UsageCost {
  amount: number;
  currency: string;
}

/** The model usage of one day, model or user. */
export interface ModelUsageRow extends UsageTotals {
  /** The day (`2026-11-28`), model id or user id. */
  key: string;
  /** The user's name (`by=user`), or the model's label (`by=model`). */
  name?: string;
  /**
   * Input and output tokens at the operator's prices; absent when a model used has no price (or
   * prices differ in currency). Prompt-cache tokens are not priced.
   */
  cost?: UsageCost;
}

/** The calls of one tool, from the audit trail. */
export interface ToolUsageRow {
  /** `server:tool`. */
  key: string;
  server: string;
  tool: string;
  calls: number;
  /** Calls that did not end `ok` (tool errors, failures, refusals). */
  not_ok: number;
}

const KEYS: Record<Exclude<UsageDimension, 'tool'>, string> = {
  day: `to_char(usage.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
  model: 'usage.model',
  user: 'usage.user_id',
};

/**
 * Model usage (tokens, turns, calls) broken down by day, model or user, with its cost where every
 * model in a row has a price; rows in key order (days oldest first).
 */
export async function modelUsageBreakdown(
  db: Queryable,
  by: Exclude<UsageDimension, 'tool'>,
  scope: UsageScope,
  prices: ReadonlyMap<string, ModelPrice>,
): Promise<ModelUsageRow[]> {
  const { rows } = await db.query<UsageTotals & { key: string; model: string; name: string | null }>(
    `SELECT ${KEYS[by]} AS key, usage.model AS model, max(users.name) AS name, count(*)::int AS turns,
       sum(usage.input_tokens)::int AS input_tokens, sum(usage.output_tokens)::int AS output_tokens,
       sum(usage.cache_read_tokens)::int AS cache_read_tokens, sum(usage.cache_write_tokens)::int AS cache_write_tokens,
       sum(usage.model_calls)::int AS model_calls, sum(usage.tool_calls)::int AS tool_calls
     FROM usage LEFT JOIN users ON users.id = usage.user_id
     WHERE ($1::text IS NULL OR usage.user_id = $1)
       AND ($2::timestamptz IS NULL OR usage.created_at >= $2) AND ($3::timestamptz IS NULL OR usage.created_at < $3)
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [scope.userId ?? null, scope.start ?? null, scope.end ?? null],
  );
  const byKey = new Map<string, { row: ModelUsageRow; costs: (UsageCost | undefined)[] }>();
  for (const part of rows) {
    const entry = byKey.get(part.key) ?? {
      row: { key: part.key, ...(by === 'user' && part.name ? { name: part.name } : {}), ...emptyTotals() },
      costs: [],
    };
    addTotals(entry.row, part);
    entry.costs.push(costOf(part, prices.get(part.model)));
    byKey.set(part.key, entry);
  }
  return [...byKey.values()].map(({ row, costs }) => {
    const cost = sumCosts(costs);
    return cost ? { ...row, cost } : row;
  });
}

/** Tool calls broken down by `server:tool` (chat, `/mcp` and direct calls alike), most called first. */
export async function toolUsageBreakdown(db: Queryable, scope: UsageScope): Promise<ToolUsageRow[]> {
  const { rows } = await db.query<ToolUsageRow>(
    `SELECT server || ':' || tool AS key, server, tool, count(*)::int AS calls,
       (count(*) FILTER (WHERE status <> 'ok'))::int AS not_ok
     FROM mcp_endpoint_calls
     WHERE ($1::text IS NULL OR user_id = $1)
       AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)
     GROUP BY server, tool ORDER BY calls DESC, key LIMIT 1000`,
    [scope.userId ?? null, scope.start ?? null, scope.end ?? null],
  );
  return rows;
}

/** The sum of rows' usage, with their cost when every row has one in the same currency. */
export function totalOf(rows: readonly ModelUsageRow[]): UsageTotals & { cost?: UsageCost } {
  const totals = emptyTotals();
  for (const row of rows) addTotals(totals, row);
  const cost = sumCosts(rows.map((row) => row.cost));
  return cost ? { ...totals, cost } : totals;
}

function emptyTotals(): UsageTotals {
  return {
    turns: 0,
    input_tokens: 0,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
    model_calls: 0,
    tool_calls: 0,
  };
}

/** The counters of usage totals, each summed over turns (and shown by `GET /usage`). */
export const USAGE_COUNTS = [
  'turns',
  'input_tokens',
  'output_tokens',
  'cache_read_tokens',
  'cache_write_tokens',
  'model_calls',
  'tool_calls',
] as const satisfies readonly (keyof UsageTotals)[];

function addTotals(into: UsageTotals, part: UsageTotals): void {
  for (const name of USAGE_COUNTS) into[name] += part[name];
}

function costOf(part: UsageTotals, price: ModelPrice | undefined): UsageCost | undefined {
  if (!price) return undefined;
  const amount = (part.input_tokens * price.input + part.output_tokens * price.output) / 1_000_000;
  return { amount, currency: price.currency };
}

/** The sum of costs, or undefined when one is unknown or two differ in currency. */
function sumCosts(costs: readonly (UsageCost | undefined)[]): UsageCost | undefined {
  let sum: UsageCost | undefined;
  for (const cost of costs) {
    if (!cost || (sum && sum.currency !== cost.currency)) return undefined;
    sum = { amount: (sum?.amount ?? 0) + cost.amount, currency: cost.currency };
  }
  return sum;
}
