/** A parsed `SWITCHBOARD_MODEL` value. */
export type ModelSpec =
  | { vendor: 'anthropic'; model: string }
  | { vendor: 'openai'; model: string }
  | { vendor: 'openai-compatible'; model: string; baseURL?: string }
  | { vendor: 'offline' };

const FORMS =
  'anthropic:<model>, openai:<model>, openai-compatible:<base URL>#<model> (or openai-compatible:<model> with OPENAI_BASE_URL), or offline';

/**
 * Parses a model spec: `anthropic:claude-sonnet-5-5`, `openai:gpt-4.1`,
 * `openai-compatible:http://127.0.0.1:11434/v1#qwen3`, `openai-compatible:qwen3` (base URL from
 * `OPENAI_BASE_URL`), or `offline`. Throws a clear error naming the accepted forms otherwise.
 */
export function parseModelSpec(spec: string): ModelSpec {
  const text = spec.trim();
  if (text === 'offline' || text === 'offline:planner') return { vendor: 'offline' };
  const colon = text.indexOf(':');
  const vendor = colon === -1 ? text : text.slice(0, colon);
  const rest = colon === -1 ? '' : text.slice(colon + 1).trim();
  if (vendor === 'anthropic' || vendor === 'openai') {
    if (!rest)
      throw new Error(`SWITCHBOARD_MODEL=${hideCredentials(text)} names no model; expected ${FORMS}`);
    return { vendor, model: rest };
  }
  if (vendor === 'openai-compatible') return parseCompatible(text, rest);
  throw new Error(`SWITCHBOARD_MODEL=${hideCredentials(text)} is not a model spec; expected ${FORMS}`);
}

function parseCompatible(text: string, rest: string): ModelSpec {
  const hash = rest.lastIndexOf('#');
  if (hash === -1) {
    if (!rest || /^https?:\/\//.test(rest)) {
      throw new Error(
        `SWITCHBOARD_MODEL=${hideCredentials(text)} names no model; write openai-compatible:<base URL>#<model>, e.g. openai-compatible:http://127.0.0.1:11434/v1#qwen3`,
      );
    }
    return { vendor: 'openai-compatible', model: rest };
  }
  const baseURL = rest.slice(0, hash).trim();
  const model = rest.slice(hash + 1).trim();
  if (!model)
    throw new Error(`SWITCHBOARD_MODEL=${hideCredentials(text)} has nothing after '#'; name the model there`);
  if (!URL.canParse(baseURL) || !/^https?:$/.test(new URL(baseURL).protocol)) {
    throw new Error(
      `SWITCHBOARD_MODEL=${hideCredentials(text)}: '${hideCredentials(baseURL)}' is not an http(s) URL`,
    );
  }
  return { vendor: 'openai-compatible', model, baseURL };
}

/** Replaces `user:password@` in URLs so that errors never show credentials. */
export function hideCredentials(text: string): string {
  return text.replace(/\/\/[^/@\s]*@/g, '//***@');
}
