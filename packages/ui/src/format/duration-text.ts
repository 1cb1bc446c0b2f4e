/** The total wall time of calls (`840 ms`, `2.3 s`), or `''` when any call's is unknown. */
export function durationText(calls: ReadonlyArray<{ elapsedMs?: number }>): string {
  if (calls.some((call) => call.elapsedMs === undefined)) return '';
  const total = calls.reduce((sum, call) => sum + (call.elapsedMs ?? 0), 0);
  return total < 1000 ? `${total} ms` : `${(total / 1000).toFixed(1)} s`;
}
