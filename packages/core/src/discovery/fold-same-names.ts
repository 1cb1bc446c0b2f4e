import type { ScoredTool } from './indexed-tool.ts';
import type { ToolSearchResult } from './tool-search-result.ts';

/** A ranked tool as a search result (nothing folded into it). */
export function toResult(candidate: ScoredTool): ToolSearchResult {
  const { prefixedName, server, protocol, toolName, description } = candidate.entry;
  return { prefixedName, server, protocol, toolName, description, score: candidate.score };
}

/** The best `limit` results, each tool name once: later same-named tools become `alsoOn` servers. */
export function foldSameNames(ranked: ScoredTool[], limit: number): ToolSearchResult[] {
  const results: ToolSearchResult[] = [];
  const byName = new Map<string, ToolSearchResult>();
  for (const candidate of ranked) {
    const key = candidate.entry.foldKey;
    const first = byName.get(key);
    if (first !== undefined) {
      if (first.server !== candidate.entry.server)
        first.alsoOn = [...(first.alsoOn ?? []), candidate.entry.server];
      continue;
    }
    if (results.length >= limit) continue;
    const result = toResult(candidate);
    byName.set(key, result);
    results.push(result);
  }
  return results;
}
