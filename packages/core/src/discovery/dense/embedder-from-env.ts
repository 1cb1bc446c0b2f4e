import { type EmbeddingsConfig, parseEmbeddingsConfig } from './embeddings-config.ts';
import { type Embedder, openAiEmbedder } from './openai-embeddings.ts';

/**
 * The embeddings endpoint the environment configures: `SWITCHBOARD_EMBEDDINGS`
 * (`openai-compatible:URL#model`) and, when the endpoint wants one, `SWITCHBOARD_EMBEDDINGS_API_KEY`
 * (sent as a bearer token, never logged). Undefined when unset; throws when malformed.
 */
export function embedderFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): { config: EmbeddingsConfig; embed: Embedder } | undefined {
  const config = parseEmbeddingsConfig(env.SWITCHBOARD_EMBEDDINGS);
  if (config === undefined) return undefined;
  const apiKey = env.SWITCHBOARD_EMBEDDINGS_API_KEY?.trim();
  return { config, embed: openAiEmbedder(config, apiKey ? { apiKey } : {}) };
}
