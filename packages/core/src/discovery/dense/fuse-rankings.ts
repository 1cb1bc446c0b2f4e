/** The constant of reciprocal rank fusion: how quickly lower ranks stop counting. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each item scores the sum over the rankings of 1 / (k + its rank), so an
 * item near the top of both a lexical and a dense ranking beats one near the top of only one. Ties
 * keep the order of first appearance.
 */
export function fuseRankings(rankings: ReadonlyArray<readonly string[]>, limit: number, k = RRF_K): string[] {
  return fusedScores(rankings, k)
    .slice(0, Math.max(0, limit))
    .map(([id]) => id);
}

/** Every item of the rankings with its reciprocal-rank-fusion score, best first (see {@link fuseRankings}). */
export function fusedScores(rankings: ReadonlyArray<readonly string[]>, k = RRF_K): Array<[string, number]> {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, rank) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + rank + 1));
    });
  }
  return [...scores].sort((a, b) => b[1] - a[1]);
}
