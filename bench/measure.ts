/** A named operation to time; it throws when the answer is wrong. */
export interface Variant {
  name: string;
  run: () => Promise<void>;
}

/** Medians (and spread) of one variant's per-call costs, one sample per round. */
export interface Timing {
  name: string;
  /** Median over rounds of the mean wall time per call, µs. */
  medianMicros: number;
  p10Micros: number;
  p90Micros: number;
  /** Median over rounds of the CPU time (user + system) this process spent per call, µs. */
  cpuMicros: number;
  calls: number;
}

/**
 * Times the variants in interleaved rounds (A B C …, then B C … A: the order rotates every
 * round) so that drift of a shared, noisy machine hits every variant alike. In each round every
 * variant runs a batch of `batch` calls back to back; the batch's mean per call is one sample.
 * Batches (rather than single calls) keep each variant's garbage collection and deferred
 * clean-up in its own samples instead of spreading them over its neighbours.
 */
export async function interleaved(
  variants: Variant[],
  options: { warmup: number; rounds: number; batch: number },
): Promise<Timing[]> {
  for (const variant of variants) {
    for (let call = 0; call < options.warmup; call++) await variant.run();
  }
  const wall = variants.map(() => new Float64Array(options.rounds));
  const cpu = variants.map(() => new Float64Array(options.rounds));
  for (let round = 0; round < options.rounds; round++) {
    for (let offset = 0; offset < variants.length; offset++) {
      const index = (round + offset) % variants.length;
      const { run } = variants[index];
      const cpuBefore = process.cpuUsage();
      const before = performance.now();
      for (let call = 0; call < options.batch; call++) await run();
      const after = performance.now();
      const used = process.cpuUsage(cpuBefore);
      wall[index][round] = ((after - before) * 1000) / options.batch;
      cpu[index][round] = (used.user + used.system) / options.batch;
    }
  }
  return variants.map((variant, index) => ({
    name: variant.name,
    medianMicros: quantile(wall[index], 0.5),
    p10Micros: quantile(wall[index], 0.1),
    p90Micros: quantile(wall[index], 0.9),
    cpuMicros: quantile(cpu[index], 0.5),
    calls: options.rounds * options.batch,
  }));
}

/** p50 of single calls of a fast local operation, µs (timed one by one after a warm-up). */
export async function localP50(run: () => Promise<void>, calls: number): Promise<number> {
  for (let call = 0; call < calls / 4; call++) await run();
  const samples = new Float64Array(calls);
  for (let call = 0; call < calls; call++) {
    const before = performance.now();
    await run();
    samples[call] = (performance.now() - before) * 1000;
  }
  return quantile(samples, 0.5);
}

function quantile(values: Float64Array, q: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
