import type { ProviderTool } from '../types/layers.ts';

/**
 * The most tools one model request offers by default: OpenAI's Chat Completions refuses more than 128
 * (`array_above_max_length`), the strictest published limit of the vendors we support.
 */
export const MAX_TOOLS_PER_REQUEST = 128;

/**
 * The tools within `max`: the first `keep` always (the discovery and client tools), then, of the
 * others, the ones the conversation already called and after them the most recently revealed (the
 * end of the list). Kept tools stay in their original order, so the list remains a stable prefix.
 */
export function capToolCount(
  tools: readonly ProviderTool[],
  keep: number,
  max: number,
  called: ReadonlySet<string>,
): ProviderTool[] {
  if (tools.length <= max) return [...tools];
  const rest = tools.slice(keep);
  const newestFirst = [...rest].reverse();
  const ranked = [
    ...newestFirst.filter((tool) => called.has(tool.name)),
    ...newestFirst.filter((tool) => !called.has(tool.name)),
  ];
  const chosen = new Set(ranked.slice(0, Math.max(0, max - keep)));
  return [...tools.slice(0, Math.min(keep, max)), ...rest.filter((tool) => chosen.has(tool))];
}
