import type { Embedder } from './openai-embeddings.ts';

/** A document for dense ranking: an id and the text its embedding is computed from. */
export interface DenseDocument {
  id: string;
  text: string;
}

/**
 * Ranks documents by the cosine similarity of their embeddings to a query's. Each distinct text is
 * embedded once and remembered (adding a server embeds only its new tools); the query is embedded
 * per search.
 */
export class DenseToolRanker {
  readonly #embed: Embedder;
  readonly #byText = new Map<string, Float32Array>();
  readonly #documents = new Map<string, Float32Array>();

  constructor(embed: Embedder) {
    this.#embed = embed;
  }

  /** Number of ranked documents. */
  get size(): number {
    return this.#documents.size;
  }

  /** Adds (or replaces) documents, embedding the texts not seen before. */
  async add(documents: readonly DenseDocument[]): Promise<void> {
    const missing = [...new Set(documents.map((document) => document.text))].filter(
      (text) => !this.#byText.has(text),
    );
    const vectors = missing.length === 0 ? [] : await this.#embed(missing);
    missing.forEach((text, index) => {
      this.#byText.set(text, normalized(vectors[index]));
    });
    for (const document of documents) {
      const vector = this.#byText.get(document.text);
      if (vector !== undefined) this.#documents.set(document.id, vector);
    }
  }

  /** Forgets a document. */
  remove(id: string): void {
    this.#documents.delete(id);
  }

  /** The ids of the `limit` documents most similar to the query, best first. */
  async rank(query: string, limit: number): Promise<string[]> {
    const [vector] = await this.#embed([query]);
    const target = normalized(vector);
    return [...this.#documents]
      .map(([id, document]) => ({ id, score: dot(document, target) }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      .slice(0, Math.max(0, limit))
      .map((entry) => entry.id);
  }
}

function normalized(vector: Float32Array): Float32Array {
  const length = Math.sqrt(dot(vector, vector));
  return length === 0 ? vector : vector.map((value) => value / length);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index++) sum += a[index] * b[index];
  return sum;
}
