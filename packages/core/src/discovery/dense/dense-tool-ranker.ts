import type { DenseRetrieval } from './dense-retrieval.ts';

/** A document for dense ranking: an id and the text its embedding is computed from. */
export interface DenseDocument {
  id: string;
  text: string;
}

/**
 * One catalog's dense ranking: its documents by id, ranked by the cosine similarity of their
 * embeddings to each query's. The vectors come from a process-wide {@link DenseRetrieval} (each
 * distinct text embedded once), fetched on the first search after a document is added.
 */
export class DenseToolRanker {
  readonly #retrieval: DenseRetrieval;
  readonly #texts = new Map<string, string>();
  readonly #vectors = new Map<string, Float32Array>();

  constructor(retrieval: DenseRetrieval) {
    this.#retrieval = retrieval;
  }

  /** Number of ranked documents. */
  get size(): number {
    return this.#texts.size;
  }

  /** Adds (or replaces) documents; their vectors are fetched by the next search. */
  add(documents: readonly DenseDocument[]): void {
    for (const { id, text } of documents) {
      if (this.#texts.get(id) !== text) this.#vectors.delete(id);
      this.#texts.set(id, text);
    }
  }

  /** Forgets a document. */
  remove(id: string): void {
    this.#texts.delete(id);
    this.#vectors.delete(id);
  }

  /**
   * For each query, the ids of the `limit` documents `keep` accepts most similar to it, best first.
   * Rejects when the embeddings endpoint fails or does not answer within the retrieval's deadline.
   */
  async rank(
    queries: readonly string[],
    limit: number,
    keep: (id: string) => boolean = () => true,
  ): Promise<string[][]> {
    const signal = AbortSignal.timeout(this.#retrieval.deadlineMs);
    const pending = [...this.#texts].filter(([id]) => !this.#vectors.has(id));
    if (pending.length > 0) {
      const vectors = await this.#retrieval.toolVectors(
        pending.map(([, text]) => text),
        signal,
      );
      pending.forEach(([id, text], index) => {
        if (this.#texts.get(id) === text) this.#vectors.set(id, vectors[index]);
      });
    }
    const targets = await this.#retrieval.queryVectors(queries, signal);
    const candidates = [...this.#vectors].filter(([id]) => keep(id));
    return targets.map((target) =>
      candidates
        .map(([id, vector]) => ({ id, score: dot(vector, target) }))
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
        .slice(0, Math.max(0, limit))
        .map((entry) => entry.id),
    );
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index++) sum += a[index] * b[index];
  return sum;
}
