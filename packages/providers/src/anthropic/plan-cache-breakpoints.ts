import type { ModelRequest } from '@switchboard/core';

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
 * Places the breakpoints. Anthropic caches the prefix tools → system → messages up to each breakpoint,
 * and a later request reads the longest prefix it finds cached at a breakpoint of an earlier one (within
 * about 20 blocks before one of its own). So:
 * 1. after the stable tools (`stableToolCount`): activated tools are appended after them, so this
 *    prefix survives an activation (everything after the new tools, system and history included, is
 *    written again; the tool order cannot avoid that, since tools come first);
 * 2. after the system prompt (it covers every tool; without a system prompt, the last tool instead);
 * 3. in `conversation` mode, after the last message the next step sends unchanged (`stableMessageCount`,
 *    default all but the last), a fallback that survives the context manager rewriting later messages;
 * 4. in `conversation` mode, after the last message, so the next step reads this one's whole history.
 * Repeats (two rules on the same block) count once; `cacheable(index)` says whether a message has a
 * block that may carry a breakpoint (not an empty text).
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
  if (stableTools > 0) plan.tools.push(stableTools - 1);
  if (request.system) plan.system = true;
  else if (toolCount > stableTools) plan.tools.push(toolCount - 1);
  if (mode === 'prefix') return plan;

  const last = request.messages.length - 1;
  const stableMessages = clamp(request.stableMessageCount ?? last, 0, last + 1);
  const fallback = lastCacheable(stableMessages - 1, cacheable);
  const tail = lastCacheable(last, cacheable);
  if (fallback >= 0 && fallback !== tail) plan.messages.push(fallback);
  if (tail >= 0) plan.messages.push(tail);
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
