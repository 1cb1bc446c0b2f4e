import type { Embedder } from './openai-embeddings.ts';

/** Options of {@link DenseRetrieval}. */
export interface DenseRetrievalOptions {
  /** Embeds search queries, and tool texts unless `embedTools` is given. */
  embed: Embedder;
  /** Embeds tool texts, e.g. through a database cache (default `embed`). */
  embedTools?: Embedder;
  /** How long a search waits for its embeddings before it ranks lexically (ms, default 2 000). */
  deadlineMs?: number;
  /** How long one batch of tool embeddings may take before a later search asks again (ms, default 60 000). */
  toolDeadlineMs?: number;
  /** Receives the line saying dense search failed (and the one saying it works again); default `console.warn`. */
  log?: (message: string) => void;
}

/** Tool texts per embeddings call when tools are embedded (calls run one after another). */
const TOOL_BATCH = 256;

/**
 * Dense retrieval shared by every catalog of a process: the unit vectors of tool texts, each
 * distinct text embedded once (texts asked for together go out in batches; a failed batch is asked
 * again by a later search), query embeddings per search, and the deadline a search waits for them.
 * A search past the deadline or failing ranks lexically; the first such search of an outage is
 * logged, and so is the first that works again.
 */
export class DenseRetrieval {
  /** How long a search waits for its embeddings (ms). */
  readonly deadlineMs: number;
  readonly #embed: Embedder;
  readonly #embedTools: Embedder;
  readonly #toolDeadlineMs: number;
  readonly #log: (message: string) => void;
  readonly #vectors = new Map<string, Promise<Float32Array>>();
  #failing = false;

  constructor(options: DenseRetrievalOptions) {
    this.#embed = options.embed;
    this.#embedTools = options.embedTools ?? options.embed;
    this.deadlineMs = options.deadlineMs ?? 2_000;
    this.#toolDeadlineMs = options.toolDeadlineMs ?? 60_000;
    this.#log = options.log ?? ((message) => console.warn(message));
  }

  /**
   * The unit vectors of tool texts, in order. Texts not asked for before are embedded now (and go
   * on being embedded when `signal` stops the wait, so a later search finds them).
   */
  toolVectors(texts: readonly string[], signal: AbortSignal): Promise<Float32Array[]> {
    const missing = [...new Set(texts)].filter((text) => !this.#vectors.has(text));
    // A failed batch fails the ones after it without a request: a down endpoint costs one per search.
    let previous: Promise<unknown> = Promise.resolve();
    for (let start = 0; start < missing.length; start += TOOL_BATCH) {
      const chunk = missing.slice(start, start + TOOL_BATCH);
      const batch = previous.then(() => this.#embedTools(chunk, AbortSignal.timeout(this.#toolDeadlineMs)));
      previous = batch;
      chunk.forEach((text, index) => {
        const vector = batch.then((vectors) => unit(vectors[index]));
        vector.catch(() => {
          if (this.#vectors.get(text) === vector) this.#vectors.delete(text);
        });
        this.#vectors.set(text, vector);
      });
    }
    return untilAborted(
      Promise.all(texts.map((text) => this.#vectors.get(text) as Promise<Float32Array>)),
      signal,
    );
  }

  /** The unit vectors of search queries, in one request that `signal` aborts. */
  async queryVectors(queries: readonly string[], signal: AbortSignal): Promise<Float32Array[]> {
    return (await untilAborted(this.#embed(queries, signal), signal)).map(unit);
  }

  /** Notes a search that ranked lexically because of `error`; logged once per outage. */
  fellBack(error: unknown): void {
    if (this.#failing) return;
    this.#failing = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.#log(
      `Dense tool search failed (${reason}); search_tools ranks lexically until the embeddings endpoint answers again.`,
    );
  }

  /** Notes a search that used dense retrieval; logged when it ends an outage. */
  worked(): void {
    if (!this.#failing) return;
    this.#failing = false;
    this.#log('Dense tool search works again: search_tools fuses dense and lexical rankings.');
  }
}

/** `promise`, or a rejection naming the deadline once `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => reject(new Error('no embeddings before the search deadline'));
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(signal.aborted ? new Error('no embeddings before the search deadline') : error);
      },
    );
  });
}

/** The vector scaled to length 1 (a zero vector stays as it is). */
function unit(vector: Float32Array | undefined): Float32Array {
  if (vector === undefined) throw new Error('the embeddings endpoint returned fewer vectors than texts');
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  return length === 0 ? vector : vector.map((value) => value / length);
}
