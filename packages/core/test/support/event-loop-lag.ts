import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and returns the longest the event loop was held meanwhile, in milliseconds (Node's
 * event-loop delay histogram, sampled every 5 ms): what every other request on this process waited.
 */
export async function longestEventLoopLag(work: () => unknown): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    await sleep(20);
    await work();
    await sleep(20);
  } finally {
    histogram.disable();
  }
  return histogram.max / 1e6;
}
