/** How one field of a document counts in BM25F. */
export interface FieldWeight {
  /** How much one occurrence in this field counts, relative to the others. */
  weight: number;
  /** Length normalization, 0 (none) to 1 (full): a match in a long field counts less. */
  b: number;
}

/** Term counts per field are packed into one number, a byte per field. */
const FIELD_RADIX = 256;
const MAX_COUNT = FIELD_RADIX - 1;
const MAX_FIELDS = 6;

interface DocumentCounts {
  /** Term → its counts in every field, packed (see {@link FIELD_RADIX}). */
  counts: Map<string, number>;
  lengths: number[];
}

/**
 * The per-document, per-field term counts and field lengths BM25F needs, kept up to date as
 * documents come and go: {@link frequency} gives a document's pseudo term frequency, each field's
 * count weighted and normalized by that field's length relative to its average over all documents.
 * Saturation and rarity are applied by the caller, once over all fields, so a word in a tool's name
 * and in its description is one piece of evidence, not two.
 */
export class FieldStatistics<Field extends string> {
  readonly #fields: readonly Field[];
  readonly #weights: readonly FieldWeight[];
  readonly #documents = new Map<string, DocumentCounts>();
  readonly #totalLengths: number[];

  constructor(fields: Readonly<Record<Field, FieldWeight>>) {
    this.#fields = Object.keys(fields) as Field[];
    if (this.#fields.length > MAX_FIELDS) throw new Error(`at most ${MAX_FIELDS} fields are supported`);
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
      const fieldCounts = new Map<string, number>();
      for (const term of terms[field]) fieldCounts.set(term, (fieldCounts.get(term) ?? 0) + 1);
      for (const [term, count] of fieldCounts) {
        counts.set(term, (counts.get(term) ?? 0) + Math.min(count, MAX_COUNT) * unit);
      }
      this.#totalLengths[index] += terms[field].length;
      return terms[field].length;
    });
    this.#documents.set(id, { counts, lengths });
  }

  /** Forgets a document (nothing happens for an unknown id). */
  remove(id: string): void {
    const document = this.#documents.get(id);
    if (document === undefined) return;
    document.lengths.forEach((length, index) => {
      this.#totalLengths[index] -= length;
    });
    this.#documents.delete(id);
  }

  /** True when the document contains the term in any field. */
  contains(id: string, term: string): boolean {
    return this.#documents.get(id)?.counts.has(term) ?? false;
  }

  /**
   * The document's BM25F pseudo frequency of a term: the sum over fields of
   * `weight · count / (1 − b + b · length / averageLength)`; 0 when the term is absent.
   */
  frequency(id: string, term: string): number {
    const document = this.#documents.get(id);
    const packed = document?.counts.get(term);
    if (document === undefined || packed === undefined) return 0;
    let frequency = 0;
    let rest = packed;
    for (let index = 0; index < this.#weights.length && rest > 0; index++) {
      const count = rest % FIELD_RADIX;
      rest = Math.floor(rest / FIELD_RADIX);
      if (count === 0) continue;
      const { weight, b } = this.#weights[index];
      const average = this.#totalLengths[index] / this.#documents.size;
      const relative = average > 0 ? document.lengths[index] / average : 1;
      frequency += (weight * count) / (1 - b + b * relative);
    }
    return frequency;
  }
}
