import type { EmbeddingsConfig } from './embeddings-config.ts';

/**
 * Turns texts into embedding vectors, one per text, in order. `signal` aborts the request (a search
 * that stops waiting for it).
 */
export type Embedder = (texts: readonly string[], signal?: AbortSignal) => Promise<Float32Array[]>;

/** Texts per embeddings request. */
const BATCH = 64;

interface EmbeddingsResponse {
  data?: Array<{ index?: number; embedding?: unknown }>;
}

/**
 * An {@link Embedder} over the OpenAI embeddings API (`POST {baseUrl}/embeddings` with
 * `{model, input: [...]}`, answered with `{data: [{index, embedding}]}`), in batches. `apiKey`, when
 * given, is sent as a bearer token. A failed request or a malformed answer rejects with the status
 * and the endpoint.
 */
export function openAiEmbedder(
  config: EmbeddingsConfig,
  options: { apiKey?: string; fetch?: typeof fetch } = {},
): Embedder {
  const send = options.fetch ?? fetch;
  const url = `${config.baseUrl}/embeddings`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  return async (texts, signal) => {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      const input = texts.slice(start, start + BATCH);
      const response = await send(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: config.model, input }),
        ...(signal === undefined ? {} : { signal }),
      });
      if (!response.ok) throw new Error(`Embeddings request to ${url} failed: HTTP ${response.status}`);
      const body = (await response.json()) as EmbeddingsResponse;
      const data = [...(body.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      if (data.length !== input.length || data.some((item) => !Array.isArray(item.embedding))) {
        throw new Error(`Embeddings answer from ${url} has ${data.length} vectors for ${input.length} texts`);
      }
      for (const item of data) vectors.push(Float32Array.from(item.embedding as number[]));
    }
    return vectors;
  };
}
