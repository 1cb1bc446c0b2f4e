import type { FakeJsonReply } from './fake-model-server.ts';
import { anthropicError } from './wire-streams.ts';

/** The most `cache_control` breakpoints one Messages request may carry (Anthropic's published limit). */
export const ANTHROPIC_MAX_CACHE_BREAKPOINTS = 4;

/** The `ttl` values Anthropic accepts on a breakpoint. */
const TTLS = new Set(['5m', '1h']);

interface Block {
  type?: unknown;
  text?: unknown;
  cache_control?: unknown;
  content?: unknown;
}

/** A block that carries `cache_control`, with the request path the API names it by. */
interface Marked {
  path: string;
  block: Block;
}

/**
 * The 400 Anthropic answers when a request breaks its prompt-caching rules, in the API's own words:
 * more than 4 blocks with `cache_control`, one on an empty text block, one on a thinking block, or a
 * `cache_control` that is not `{type: 'ephemeral'}` with an optional ttl of `5m` or `1h`. Undefined
 * when the breakpoints are valid.
 */
export function anthropicCacheControlError(body: unknown): FakeJsonReply | undefined {
  const marked = markedBlocks(body);
  for (const { path, block } of marked) {
    const control = block.cache_control as { type?: unknown; ttl?: unknown };
    if (typeof control !== 'object' || control === null || control.type !== 'ephemeral')
      return invalid(`${path}.cache_control.type: Input should be 'ephemeral'`);
    if (control.ttl !== undefined && !TTLS.has(String(control.ttl)))
      return invalid(`${path}.cache_control.ttl: Input should be '5m' or '1h'`);
    if (block.type === 'thinking' || block.type === 'redacted_thinking')
      return invalid(`${path}.${block.type}.cache_control: Extra inputs are not permitted`);
    if (block.type === 'text' && block.text === '')
      return invalid(`${path}.text: cache_control cannot be set for empty text blocks`);
  }
  if (marked.length > ANTHROPIC_MAX_CACHE_BREAKPOINTS) {
    return invalid(
      `A maximum of ${ANTHROPIC_MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${marked.length}.`,
    );
  }
  return undefined;
}

/** Every block of the request that carries `cache_control`: tools, system blocks, message blocks and their nested content. */
function markedBlocks(body: unknown): Marked[] {
  const request = (body ?? {}) as { tools?: unknown; system?: unknown; messages?: unknown };
  const found: Marked[] = [];
  const visit = (path: string, block: unknown) => {
    if (typeof block !== 'object' || block === null) return;
    const typed = block as Block;
    if (typed.cache_control !== undefined && typed.cache_control !== null) found.push({ path, block: typed });
    for (const [at, inner] of list(typed.content).entries()) visit(`${path}.content.${at}`, inner);
  };
  for (const [at, tool] of list(request.tools).entries()) visit(`tools.${at}`, tool);
  for (const [at, block] of list(request.system).entries()) visit(`system.${at}`, block);
  for (const [at, message] of list(request.messages).entries()) {
    const content = (message as { content?: unknown } | null)?.content;
    for (const [index, block] of list(content).entries()) visit(`messages.${at}.content.${index}`, block);
  }
  return found;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function invalid(message: string): FakeJsonReply {
  return anthropicError(400, 'invalid_request_error', message);
}
