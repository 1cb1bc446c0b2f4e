import type { IndexedTool, ScoredTool } from './indexed-tool.ts';
import type { QueryConcept } from './query-terms.ts';
import {
  COORDINATION,
  NAME_COVERAGE_WEIGHT,
  SERVER_TEXT_WEIGHT,
  SERVER_TOOLS_WEIGHT,
} from './search-weights.ts';

/** What a query found in one tool: summed concept scores and how many concepts matched. */
export interface ToolEvidence {
  score: number;
  matched: number;
}

/**
 * The tools a query found, best first. A tool's final score: its own evidence (times the
 * matched-concepts coordination), its server's text and its server's best tool — each normalized to
 * the best of its kind — and the share of its name words the query contains. Evidence of ids not in
 * `entries` is left out.
 */
export function combineToolScores(
  evidence: ReadonlyMap<string, ToolEvidence>,
  serverText: ReadonlyMap<string, number>,
  concepts: readonly QueryConcept[],
  entries: ReadonlyMap<string, IndexedTool>,
): ScoredTool[] {
  const tools: Array<{ entry: IndexedTool; value: number }> = [];
  const bestOfServer = new Map<string, number>();
  let bestTool = 0;
  for (const [id, { score, matched }] of evidence) {
    const entry = entries.get(id);
    if (entry === undefined) continue;
    const value = score * matched ** COORDINATION;
    tools.push({ entry, value });
    bestTool = Math.max(bestTool, value);
    bestOfServer.set(entry.layerKey, Math.max(bestOfServer.get(entry.layerKey) ?? 0, value));
  }
  const bestText = Math.max(0, ...serverText.values());
  const serverPart = new Map<string, number>();
  for (const [key, best] of bestOfServer) {
    serverPart.set(
      key,
      SERVER_TEXT_WEIGHT * share(serverText.get(key) ?? 0, bestText) +
        SERVER_TOOLS_WEIGHT * share(best, bestTool),
    );
  }
  const wordWeights = termWeights(concepts);
  const candidates = tools.map(({ entry, value }) => ({
    entry,
    score:
      share(value, bestTool) +
      (serverPart.get(entry.layerKey) ?? 0) +
      NAME_COVERAGE_WEIGHT * nameCoverage(entry, wordWeights),
  }));
  return candidates.sort(byScore);
}

function share(value: number, best: number): number {
  return best > 0 ? value / best : 0;
}

/** Every term a query expresses with its best weight (its own words 1, synonyms lower). */
function termWeights(concepts: readonly QueryConcept[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const concept of concepts) {
    for (const [term, weight] of concept.alternatives) {
      weights.set(term, Math.max(weights.get(term) ?? 0, weight));
    }
  }
  return weights;
}

/** The weighted share of a tool's name words that the (expanded) query contains, 0 to 1. */
function nameCoverage(entry: IndexedTool, weights: Map<string, number>): number {
  if (entry.nameTerms.length === 0) return 0;
  let covered = 0;
  for (const term of entry.nameTerms) covered += weights.get(term) ?? 0;
  return covered / entry.nameTerms.length;
}

/** Best first; equal scores in name order (code units: fast, and the same on every machine). */
function byScore(a: ScoredTool, b: ScoredTool): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.entry.prefixedName < b.entry.prefixedName
    ? -1
    : a.entry.prefixedName > b.entry.prefixedName
      ? 1
      : 0;
}
