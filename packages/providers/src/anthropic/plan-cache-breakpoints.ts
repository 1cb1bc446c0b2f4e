import type { ModelRequest } from '@switchboard/core';

/** The most `cache_control` breakpoints Anthropic accepts in one request. */
const MAX_BREAKPOINTS = 4;

/** What to cache: nothing, the tools and system prompt, or those and the conversation history. */
export type AnthropicCacheMode = 'off' | 'prefix' | 'conversation';

/** Where a request's `cache_control` breakpoints go (Anthropic allows at most 4). */
export interface AnthropicCacheBreakpoints {
  /** Indexes of the tool definitions that end a cached prefix. */
  tools: number[];
  /** Whether the system prompt ends a cached prefix. */
  system: boolean;
  /** Indexes of the messages whose last cacheable block ends a cached prefix. */
  messages: number[];
}

/**
 * Places the breakpoints. Anthropic caches the prefix tools → system → messages up to each breakpoint;
 * a request reads the longest prefix an earlier one cached at a breakpoint (looking back only about
 * 20 blocks from each of its own). Tools are only ever appended, so:
 * - after the last tool, and after the system prompt: the prefix every step shares (and every
 *   conversation with the same tools);
 * - when tools were activated since the previous request (`stableToolCount` < the tools), after the
 *   tools that request had: this one reads them there whatever the number activated (tools come
 *   first, so the system prompt and history after them are written again; no tool order avoids that);
 * - in `conversation` mode, after the last message, so the next step reads this one's whole history,
 *   and after the last message the next step sends unchanged (`stableMessageCount`, default all but
 *   the last), which survives the context manager rewriting an older tool result.
 * Of the five, the system prompt's is left out when all are needed (after an activation its cache is
 * gone either way). A rule landing on a block already marked counts once; `cacheable(index)` says
 * whether a message has a block that may carry a breakpoint (not an empty text).
 */
export function planCacheBreakpoints(
  request: Pick<ModelRequest, 'system' | 'tools' | 'messages' | 'stableToolCount' | 'stableMessageCount'>,
  mode: AnthropicCacheMode,
  cacheable: (index: number) => boolean,
): AnthropicCacheBreakpoints {
  const plan: AnthropicCacheBreakpoints = { tools: [], system: false, messages: [] };
  if (mode === 'off') return plan;
  const toolCount = request.tools.length;
  const stableTools = clamp(request.stableToolCount ?? toolCount, 0, toolCount);
  if (stableTools > 0 && stableTools < toolCount) plan.tools.push(stableTools - 1);
  if (toolCount > 0) plan.tools.push(toolCount - 1);
  if (mode === 'conversation') {
    const last = request.messages.length - 1;
    const stableMessages = clamp(request.stableMessageCount ?? last, 0, last + 1);
    const fallback = lastCacheable(stableMessages - 1, cacheable);
    const tail = lastCacheable(last, cacheable);
    if (fallback >= 0 && fallback !== tail) plan.messages.push(fallback);
    if (tail >= 0) plan.messages.push(tail);
  }
  plan.system = request.system !== '' && plan.tools.length + plan.messages.length < MAX_BREAKPOINTS;
  return plan;
}

/** The index of the last message at or before `from` that can carry a breakpoint, or -1. */
function lastCacheable(from: number, cacheable: (index: number) => boolean): number {
  for (let index = from; index >= 0; index--) if (cacheable(index)) return index;
  return -1;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, Math.floor(value)));
}
