import { describe, expect, it } from 'vitest';
import { withDeadline } from './with-deadline.ts';

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('withDeadline', () => {
  it('aborts the signal with a TimeoutError once the deadline passes', async () => {
    const reason = await withDeadline(
      20,
      (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason))),
    );
    expect(reason).toMatchObject({ name: 'TimeoutError' });
  });

  it('answers what fn answers and leaves no timer behind', async () => {
    const before = timers();
    expect(await withDeadline(60_000, async (signal) => signal.aborted)).toBe(false);
    await expect(withDeadline(60_000, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(timers()).toBe(before);
  });
});
