import { describe, expect, it } from 'vitest';
import { withCallDeadline, withDeadline } from './with-deadline.ts';

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

describe('withCallDeadline', () => {
  const aborted = (signal: AbortSignal) =>
    new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason)));

  it('does not pass while held (a person answering), and passes once released and quiet again', async () => {
    const { abortedWhileHeld, reason } = await withCallDeadline(20, async (signal, holdDeadline) => {
      const release = holdDeadline();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const abortedWhileHeld = signal.aborted;
      release();
      return { abortedWhileHeld, reason: await aborted(signal) };
    });
    expect(abortedWhileHeld).toBe(false);
    expect(reason).toMatchObject({ name: 'TimeoutError' });
  });

  it('aborts a call that is never held once the deadline passes, and leaves no timer behind', async () => {
    expect(await withCallDeadline(20, (signal) => aborted(signal))).toMatchObject({ name: 'TimeoutError' });
    const before = timers();
    expect(await withCallDeadline(60_000, async (signal) => signal.aborted)).toBe(false);
    expect(timers()).toBe(before);
  });
});
