import type { Queryable } from '../storage/database.ts';

/** Rows per statement (each row takes two parameters). */
const BATCH = 500;

/** One tool text's embedding: the SHA-256 (hex) of the text and its vector. */
export interface StoredEmbedding {
  hash: string;
  vector: Float32Array;
}

/**
 * The stored embeddings of `model` for the text hashes given, by hash (unknown hashes are absent).
 * The column is pgvector's `vector` or `real[]` (migration 8); both read back as `real[]`.
 */
export async function loadToolEmbeddings(
  db: Queryable,
  model: string,
  hashes: readonly string[],
): Promise<Map<string, Float32Array>> {
  const found = new Map<string, Float32Array>();
  for (let start = 0; start < hashes.length; start += BATCH) {
    const batch = hashes.slice(start, start + BATCH);
    const { rows } = await db.query<{ text_hash: string; embedding: string }>(
      `SELECT text_hash, embedding::real[]::text AS embedding FROM tool_embeddings
       WHERE model = $1 AND text_hash IN (${batch.map((_, index) => `$${index + 2}`).join(', ')})`,
      [model, ...batch],
    );
    for (const row of rows) found.set(row.text_hash, parseRealArray(row.embedding));
  }
  return found;
}

/** Stores embeddings of `model`; a hash already stored (by another replica, say) is left as it is. */
export async function saveToolEmbeddings(
  db: Queryable,
  model: string,
  embeddings: readonly StoredEmbedding[],
): Promise<void> {
  for (let start = 0; start < embeddings.length; start += BATCH) {
    const batch = embeddings.slice(start, start + BATCH);
    await db.query(
      `INSERT INTO tool_embeddings (model, text_hash, embedding)
       VALUES ${batch.map((_, index) => `($1, $${2 * index + 2}, $${2 * index + 3}::real[])`).join(', ')}
       ON CONFLICT (model, text_hash) DO NOTHING`,
      [model, ...batch.flatMap(({ hash, vector }) => [hash, `{${Array.from(vector).join(',')}}`])],
    );
  }
}

/** A PostgreSQL `real[]` in text form (`{0.1,-2e-05}`) as a vector. */
function parseRealArray(text: string): Float32Array {
  const inner = text.slice(1, -1).trim();
  return inner === '' ? new Float32Array() : Float32Array.from(inner.split(','), Number);
}
