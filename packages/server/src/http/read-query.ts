import type { JsonSchema } from '@switchboard/core';
import type { Context } from 'hono';
import type { GatewayServices } from '../services/gateway-services.ts';
import { ApiError } from './api-error.ts';

/**
 * Reads a request's query parameters (each once: a repeated one is a 400) and validates them
 * against `schema`, an object schema of string values; a parameter it does not name, or a value it
 * refuses, is a 400 that says which and why.
 */
export function readQuery<T>(
  c: Context,
  schema: JsonSchema,
  services: Pick<GatewayServices, 'validator'>,
): T {
  const query: Record<string, string> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > 1)
      throw new ApiError(400, 'invalid_request', `give the query parameter "${name}" once`);
    query[name] = values[0] ?? '';
  }
  const outcome = services.validator.validate(schema, query);
  if (!outcome.valid) {
    const first = outcome.issues[0];
    throw new ApiError(400, 'invalid_request', `invalid query: ${first.path} ${first.message}`, {
      details: { issues: outcome.issues },
    });
  }
  return query as T;
}

/** A time range of a query: ISO instants, `start` inclusive, `end` exclusive; either may be open. */
export interface TimeRange {
  start?: string;
  end?: string;
}

/**
 * The range `from`/`to` name, each a day (`from` its start, `to` its end, UTC) or an instant; a date
 * that does not exist (`2026-02-30`) or a range that ends before it starts is a 400.
 */
export function readRange(from: string | undefined, to: string | undefined): TimeRange {
  const start = from === undefined ? undefined : instantOf('from', from, 0);
  const end = to === undefined ? undefined : instantOf('to', to, 1);
  if (start !== undefined && end !== undefined && start >= end)
    throw new ApiError(400, 'invalid_request', 'invalid query: "to" is not after "from"');
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

function instantOf(name: string, value: string, daysAfter: number): string {
  const day = value.length === 10;
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime()) || (day && date.toISOString().slice(0, 10) !== value))
    throw new ApiError(400, 'invalid_request', `invalid query: "${name}" is not a date: ${value}`);
  if (day) date.setUTCDate(date.getUTCDate() + daysAfter);
  return date.toISOString();
}
