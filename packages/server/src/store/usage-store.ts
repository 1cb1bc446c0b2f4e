import type { AgentResult } from '@switchboard/core';
import type { Queryable } from '../storage/database.ts';
import { newId } from './new-id.ts';

/** The usage record of a turn. */
export interface TurnUsage {
  userId: string;
  model: string;
  stopReason: string;
  inputTokens: number;
  outputTokens: number;
  /** Input tokens the vendor read from its prompt cache (billed at a fraction of `inputTokens`). */
  cacheReadTokens: number;
  /** Input tokens the vendor wrote to its prompt cache (billed at a premium). */
  cacheWriteTokens: number;
  modelCalls: number;
  toolCalls: number;
  elapsedMs: number;
}

/** A user's usage summed over every turn. */
export interface UsageTotals {
  turns: number;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  model_calls: number;
  tool_calls: number;
}

/** The usage record of a finished run: its model calls' tokens (cached ones apart), calls and time. */
export function turnUsage(userId: string, model: string, result: AgentResult): TurnUsage {
  const { usage, modelCalls, toolCalls, elapsedMs } = result.metrics;
  return {
    userId,
    model,
    stopReason: result.stopReason,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    cacheReadTokens: usage.cacheReadTokens ?? 0,
    cacheWriteTokens: usage.cacheWriteTokens ?? 0,
    modelCalls,
    toolCalls,
    elapsedMs,
  };
}

/**
 * Records the usage of a request that belongs to no conversation (the stateless proxy); a
 * conversation's turn records its usage with its commit.
 */
export async function recordUsage(db: Queryable, usage: TurnUsage): Promise<void> {
  await db.query(
    `INSERT INTO usage (user_id, conversation_id, run_id, model, stop_reason, input_tokens, output_tokens,
       cache_read_tokens, cache_write_tokens, model_calls, tool_calls, elapsed_ms)
     VALUES ($1, NULL, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      usage.userId,
      newId('run'),
      usage.model,
      usage.stopReason,
      usage.inputTokens,
      usage.outputTokens,
      usage.cacheReadTokens,
      usage.cacheWriteTokens,
      usage.modelCalls,
      usage.toolCalls,
      usage.elapsedMs,
    ],
  );
}

/** The user's usage totals. */
export async function usageTotals(db: Queryable, userId: string): Promise<UsageTotals> {
  const { rows } = await db.query<UsageTotals>(
    `SELECT count(*)::int AS turns, COALESCE(sum(input_tokens), 0)::int AS input_tokens,
       COALESCE(sum(output_tokens), 0)::int AS output_tokens,
       COALESCE(sum(cache_read_tokens), 0)::int AS cache_read_tokens,
       COALESCE(sum(cache_write_tokens), 0)::int AS cache_write_tokens, COALESCE(sum(model_calls), 0)::int AS model_calls,
       COALESCE(sum(tool_calls), 0)::int AS tool_calls
     FROM usage WHERE user_id = $1`,
    [userId],
  );
  return rows[0];
}
