import { createHash } from 'node:crypto';
import type { FakeStreamReply } from './fake-model-server.ts';

/** The input-token counters Anthropic reports in `message_start`. */
export interface AnthropicCacheUsage {
  /** Tokens after the last breakpoint (neither read from nor written to the cache). */
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** How many blocks before a breakpoint Anthropic looks for an earlier request's cache entry. */
export const CACHE_LOOKBACK_BLOCKS = 20;

/**
 * The shortest prefix Anthropic caches, by model (its published minimums): a breakpoint whose prefix
 * is shorter writes nothing and the request is billed uncached.
 */
export function minimumCacheableTokens(model: string): number {
  if (/opus-4-[56]|haiku-4-5/.test(model)) return 4096;
  if (/sonnet-4-6|haiku-3/.test(model)) return 2048;
  return 1024;
}

/**
 * Approximate tokens of a block: a quarter of its JSON's characters, at least one. The fake vendor
 * has no tokenizer; the counts are for comparing cache layouts, not for billing.
 */
export function approximateTokens(block: unknown): number {
  return Math.max(1, Math.ceil(JSON.stringify(block).length / 4));
}

/** One block of the prompt in cache order, with its running totals. */
interface PrefixBlock {
  /** The hash of the prefix up to and including this block. */
  hash: string;
  /** Tokens of the prefix up to and including this block. */
  tokens: number;
  breakpoint: boolean;
}

/**
 * A simulation of Anthropic's prompt cache for the fake vendor: the request is the block sequence
 * tools → system → messages (a string content counts as one text block); each block's prefix is
 * hashed without its `cache_control`, with the model. A request reads the longest prefix cached at a
 * block at most {@link CACHE_LOOKBACK_BLOCKS} before one of its breakpoints, and writes an entry at
 * each breakpoint whose prefix reaches {@link minimumCacheableTokens}. Entries do not expire (the
 * fake server lives for one test or benchmark, well within the 5-minute TTL).
 */
export class AnthropicPromptCache {
  readonly #entries = new Set<string>();

  /** The usage Anthropic would report for this request body; records its writes. */
  use(body: unknown): AnthropicCacheUsage {
    const request = (body ?? {}) as { model?: unknown };
    const blocks = prefixBlocks(body, String(request.model ?? ''));
    const total = blocks.at(-1)?.tokens ?? 0;
    let read = -1;
    const breakpoints = blocks.flatMap((block, index) => (block.breakpoint ? [index] : []));
    for (const breakpoint of breakpoints) {
      for (let index = breakpoint; index > breakpoint - CACHE_LOOKBACK_BLOCKS && index >= 0; index--) {
        if (this.#entries.has(blocks[index].hash)) {
          read = Math.max(read, index);
          break;
        }
      }
    }
    const minimum = minimumCacheableTokens(String(request.model ?? ''));
    let written = -1;
    for (const breakpoint of breakpoints) {
      if (breakpoint <= read || blocks[breakpoint].tokens < minimum) continue;
      this.#entries.add(blocks[breakpoint].hash);
      written = breakpoint;
    }
    const readTokens = read >= 0 ? blocks[read].tokens : 0;
    const writeTokens = written >= 0 ? blocks[written].tokens - readTokens : 0;
    return {
      input_tokens: total - readTokens - writeTokens,
      cache_creation_input_tokens: writeTokens,
      cache_read_input_tokens: readTokens,
    };
  }
}

function prefixBlocks(body: unknown, model: string): PrefixBlock[] {
  const request = (body ?? {}) as { tools?: unknown; system?: unknown; messages?: unknown };
  const sequence: unknown[] = [];
  for (const tool of list(request.tools)) sequence.push(tool);
  const system =
    typeof request.system === 'string' ? [{ type: 'text', text: request.system }] : request.system;
  for (const block of list(system)) sequence.push(block);
  for (const message of list(request.messages)) {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : list(content);
    // The role is part of what a block means: the same text from the user and the assistant differs.
    for (const block of blocks) sequence.push({ ...(block as object), role });
  }
  const blocks: PrefixBlock[] = [];
  let hash = createHash('sha256').update(model).digest('hex');
  let tokens = 0;
  for (const entry of sequence) {
    const stripped = withoutCacheControl(entry);
    hash = createHash('sha256').update(hash).update(JSON.stringify(stripped)).digest('hex');
    tokens += approximateTokens(stripped);
    blocks.push({ hash, tokens, breakpoint: hasCacheControl(entry) });
  }
  return blocks;
}

/** A block without its `cache_control` and its nested blocks' (a tool_result's content). */
function withoutCacheControl(block: unknown): unknown {
  if (typeof block !== 'object' || block === null || Array.isArray(block)) return block;
  const { cache_control: _, ...rest } = block as Record<string, unknown>;
  return Array.isArray(rest.content) ? { ...rest, content: rest.content.map(withoutCacheControl) } : rest;
}

/** Whether a block or one of its nested blocks carries `cache_control`. */
function hasCacheControl(block: unknown): boolean {
  if (typeof block !== 'object' || block === null) return false;
  const { cache_control: control, content } = block as { cache_control?: unknown; content?: unknown };
  if (control !== undefined && control !== null) return true;
  return Array.isArray(content) && content.some(hasCacheControl);
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The stream with `usage` put into its `message_start` event, as Anthropic reports cache use. */
export function withCacheUsage(reply: FakeStreamReply, usage: AnthropicCacheUsage): FakeStreamReply {
  const body = reply.body.replace(
    /^(event: message_start\r?\ndata: )(.*)$/m,
    (_, head: string, data: string) => {
      const event = JSON.parse(data) as { message: { usage: Record<string, unknown> } };
      event.message.usage = { ...event.message.usage, ...usage };
      return `${head}${JSON.stringify(event)}`;
    },
  );
  return { ...reply, body };
}
