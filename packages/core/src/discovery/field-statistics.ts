/** How one field of a document counts in BM25F. */
export interface FieldWeight {
  /** How much one occurrence in this field counts, relative to the other fields. */
  weight: number;
  /** Length normalization, 0 (none) to 1 (full): a match in a longer-than-average field counts less. */
  b: number;
}

/** Term counts per field are packed into one number, a byte per field. */
const FIELD_RADIX = 256;
const MAX_COUNT = FIELD_RADIX - 1;
const MAX_FIELDS = 6;

interface DocumentCounts {
  /** Term → its count in every field, packed (see {@link FIELD_RADIX}). */
  counts: Map<string, number>;
  lengths: number[];
  /** Per field, `weight / (1 − b + b · length / averageLength)`, as of `generation`. */
  factors: number[];
  generation: number;
}

/**
 * The per-document, per-field term counts and field lengths BM25F needs, kept up to date as
 * documents come and go. {@link frequency} gives a document's pseudo term frequency: each field's
 * count weighted and normalized by that field's length relative to its average over all documents.
 * The caller applies saturation and rarity once over the sum, so a word in a tool's name and in its
 * description is one piece of evidence, weighted by where it occurs, not two.
 */
export class FieldStatistics<Field extends string> {
  readonly #fields: readonly Field[];
  readonly #weights: readonly FieldWeight[];
  readonly #documents = new Map<string, DocumentCounts>();
  readonly #totalLengths: number[];
  /** Bumped by every change: field averages, and so every document's factors, are then stale. */
  #generation = 0;
  /** Term → its holders' frequencies, as {@link frequencies} computed them during `#cachedGeneration`. */
  readonly #cached = new Map<string, { holders: readonly string[]; count: number; values: Float64Array }>();
  #cachedGeneration = 0;

  constructor(fields: Readonly<Record<Field, FieldWeight>>) {
    this.#fields = Object.keys(fields) as Field[];
    if (this.#fields.length > MAX_FIELDS)
      throw new Error(`FieldStatistics supports at most ${MAX_FIELDS} fields`);
    this.#weights = this.#fields.map((field) => fields[field]);
    this.#totalLengths = this.#fields.map(() => 0);
  }

  /** Number of documents. */
  get size(): number {
    return this.#documents.size;
  }

  /** Records a document's terms, field by field, replacing any previous version of it. */
  add(id: string, terms: Readonly<Record<Field, readonly string[]>>): void {
    this.remove(id);
    const counts = new Map<string, number>();
    const lengths = this.#fields.map((field, index) => {
      const unit = FIELD_RADIX ** index;
      for (const term of terms[field]) {
        const packed = counts.get(term) ?? 0;
        // One pass over the field: a count stops at MAX_COUNT rather than carry into the next field.
        if (Math.floor(packed / unit) % FIELD_RADIX < MAX_COUNT) counts.set(term, packed + unit);
      }
      this.#totalLengths[index] += terms[field].length;
      return terms[field].length;
    });
    this.#documents.set(id, { counts, lengths, factors: [], generation: -1 });
    this.#generation++;
  }

  /** Forgets a document (an unknown id is ignored). */
  remove(id: string): void {
    const document = this.#documents.get(id);
    if (document === undefined) return;
    document.lengths.forEach((length, index) => {
      this.#totalLengths[index] -= length;
    });
    this.#documents.delete(id);
    this.#generation++;
  }

  /**
   * The document's BM25F pseudo frequency of a term: the sum over fields of
   * `weight · count / (1 − b + b · length / averageLength)`; 0 when the term is absent.
   */
  frequency(id: string, term: string): number {
    const document = this.#documents.get(id);
    const packed = document?.counts.get(term);
    if (document === undefined || packed === undefined) return 0;
    if (document.generation !== this.#generation) this.#refresh(document);
    let frequency = 0;
    let rest = packed;
    for (let index = 0; rest > 0; index++) {
      const count = rest % FIELD_RADIX;
      rest = (rest - count) / FIELD_RADIX;
      frequency += count * document.factors[index];
    }
    return frequency;
  }

  /**
   * The pseudo frequency of a term in each of `holders` (see {@link frequency}), in the same order:
   * remembered until a document is added or removed, so the words queries share are computed once.
   */
  frequencies(term: string, holders: readonly string[]): Float64Array {
    if (this.#cachedGeneration !== this.#generation) {
      this.#cached.clear();
      this.#cachedGeneration = this.#generation;
    }
    const cached = this.#cached.get(term);
    if (cached !== undefined && cached.holders === holders && cached.count === holders.length)
      return cached.values;
    const values = Float64Array.from(holders, (id) => this.frequency(id, term));
    this.#cached.set(term, { holders, count: holders.length, values });
    return values;
  }

  /** Recomputes a document's per-field factors from the current average field lengths. */
  #refresh(document: DocumentCounts): void {
    const count = Math.max(1, this.#documents.size);
    document.factors = this.#weights.map(({ weight, b }, index) => {
      const average = this.#totalLengths[index] / count;
      const relative = average > 0 ? document.lengths[index] / average : 1;
      return weight / (1 - b + b * relative);
    });
    document.generation = this.#generation;
  }
}
