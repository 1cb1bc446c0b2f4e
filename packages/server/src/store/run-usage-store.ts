import type { Queryable } from '../storage/database.ts';
import { json } from './conversation-store.ts';

/** What one turn (run) of a conversation used, as its usage record keeps it. */
export interface RunUsage {
  /** The id of the model that answered (its `LanguageModel.id`). */
  model: string;
  inputTokens: number;
  outputTokens: number;
}

/**
 * The usage records of the user's turns `runIds`, by run id (a turn that recorded none is left out).
 * Read through the user's own records only (the usage index by user).
 */
export async function runUsage(
  db: Queryable,
  userId: string,
  runIds: readonly string[],
): Promise<Map<string, RunUsage>> {
  if (runIds.length === 0) return new Map();
  const { rows } = await db.query<{
    run_id: string;
    model: string;
    input_tokens: number;
    output_tokens: number;
  }>(
    `SELECT run_id, model, input_tokens, output_tokens FROM usage
     WHERE user_id = $1 AND run_id IN (SELECT jsonb_array_elements_text($2::jsonb))`,
    [userId, json([...new Set(runIds)])],
  );
  return new Map(
    rows.map((row) => [
      row.run_id,
      { model: row.model, inputTokens: Number(row.input_tokens), outputTokens: Number(row.output_tokens) },
    ]),
  );
}
