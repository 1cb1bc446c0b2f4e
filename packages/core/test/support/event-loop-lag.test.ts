import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { longestEventLoopLag } from './event-loop-lag.ts';

/** Keeps this thread busy for `ms` milliseconds of its own CPU time. */
function spin(ms: number): void {
  const start = process.threadCpuUsage();
  for (;;) {
    const spent = process.threadCpuUsage(start);
    if ((spent.user + spent.system) / 1_000 >= ms) return;
  }
}

describe('longestEventLoopLag (what the security suite bounds)', () => {
  it('measures work that holds the thread, whether run at once or after an await', async () => {
    expect(await longestEventLoopLag(() => spin(150))).toBeGreaterThanOrEqual(150);
    const lag = await longestEventLoopLag(async () => {
      await sleep(10);
      spin(150);
    });
    expect(lag).toBeGreaterThanOrEqual(150);
  });

  it('does not count waiting, nor many short turns of work, as holding the loop', async () => {
    const lag = await longestEventLoopLag(async () => {
      for (let turn = 0; turn < 10; turn++) {
        spin(10);
        await sleep(10);
      }
      await sleep(150);
    });
    expect(lag).toBeLessThan(50);
  });
});
