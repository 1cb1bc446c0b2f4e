import { createHash } from 'node:crypto';
import type { Embedder } from '@switchboard/core';
import type { Logger } from 'pino';
import type { Database } from '../storage/database.ts';
import { loadToolEmbeddings, saveToolEmbeddings } from '../store/tool-embedding-store.ts';

/**
 * Tool embeddings through the database, keyed by model and the SHA-256 of the tool text: texts an
 * earlier start or another replica embedded are read back, only the others go to `embed`, and
 * their vectors are stored for the next. A failed store is logged (the vectors are still used).
 */
export function storedToolEmbedder(db: Database, model: string, embed: Embedder, logger: Logger): Embedder {
  return async (texts, signal) => {
    const hashes = texts.map(hashText);
    const known = await loadToolEmbeddings(db, model, [...new Set(hashes)]);
    const missing = [...new Set(texts.filter((_, index) => !known.has(hashes[index])))];
    if (missing.length > 0) {
      const vectors = await embed(missing, signal);
      const fresh = missing.map((text, index) => ({ hash: hashText(text), vector: vectors[index] }));
      for (const { hash, vector } of fresh) known.set(hash, vector);
      await saveToolEmbeddings(db, model, fresh).catch((error: unknown) =>
        logger.warn({ err: error, model }, 'could not store tool embeddings'),
      );
    }
    return hashes.map((hash) => known.get(hash) as Float32Array);
  };
}

function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
