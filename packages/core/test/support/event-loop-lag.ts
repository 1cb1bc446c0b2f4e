import { setTimeout as sleep } from 'node:timers/promises';

/** How often the event loop is asked to run a timer while the work runs (ms). */
const TICK_MS = 5;

/**
 * Runs `work` and returns the longest the event loop was held by this thread's own work meanwhile,
 * in milliseconds: what every other request on this process waited for it. It is measured as the
 * CPU time the thread spent between two consecutive ticks of a {@link TICK_MS} timer, not as the
 * wall-clock gap between them: a stall is the thread busy, and CPU time is what a loaded machine
 * does not stretch (a wall-clock delay also counts the time the process waits for a core, which on
 * a shared 2-core runner reached 100 ms for work that costs 5).
 */
export async function longestEventLoopLag(work: () => unknown): Promise<number> {
  let longest = 0;
  let since = process.threadCpuUsage();
  const tick = setInterval(() => {
    const spent = process.threadCpuUsage(since);
    since = process.threadCpuUsage();
    longest = Math.max(longest, (spent.user + spent.system) / 1_000);
  }, TICK_MS);
  try {
    await sleep(20);
    await work();
    await sleep(20);
  } finally {
    clearInterval(tick);
  }
  return longest;
}
