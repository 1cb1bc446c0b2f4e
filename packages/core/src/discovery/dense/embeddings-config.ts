/** Where tool and query embeddings come from: an endpoint speaking the OpenAI embeddings API. */
export interface EmbeddingsConfig {
  /** The API's base URL, e.g. `http://localhost:11434/v1` (requests go to `{baseUrl}/embeddings`). */
  baseUrl: string;
  /** The embedding model, e.g. `nomic-embed-text`. */
  model: string;
}

const PREFIX = 'openai-compatible:';

/**
 * Reads `SWITCHBOARD_EMBEDDINGS`: `openai-compatible:URL#model` (Ollama, vLLM, OpenAI and any server
 * with the OpenAI embeddings API). Unset or empty means no dense retrieval (lexical search only);
 * anything else malformed throws, naming the expected form.
 */
export function parseEmbeddingsConfig(value: string | undefined): EmbeddingsConfig | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const hash = text.lastIndexOf('#');
  const baseUrl = text.slice(PREFIX.length, hash).replace(/\/+$/, '');
  const model = text.slice(hash + 1).trim();
  if (!text.startsWith(PREFIX) || hash < 0 || model === '' || !/^https?:\/\/\S+$/.test(baseUrl)) {
    throw new Error(
      `SWITCHBOARD_EMBEDDINGS must read openai-compatible:URL#model (e.g. openai-compatible:http://localhost:11434/v1#nomic-embed-text), got "${text}"`,
    );
  }
  return { baseUrl, model };
}
