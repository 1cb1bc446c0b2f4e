import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { IdleDeadline } from './idle-deadline.ts';

describe('IdleDeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('starts at the first sign of life and fires after the time allowed since the last one', () => {
    const expired = vi.fn();
    const deadline = new IdleDeadline(100, expired);
    vi.advanceTimersByTime(1_000);
    expect(expired).not.toHaveBeenCalled();
    deadline.touch();
    vi.advanceTimersByTime(80);
    deadline.touch();
    vi.advanceTimersByTime(80);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  test('never fires while held, and gives the full time again once every hold is released', () => {
    const expired = vi.fn();
    const deadline = new IdleDeadline(100, expired);
    deadline.touch();
    const releaseFirst = deadline.hold();
    const releaseSecond = deadline.hold();
    vi.advanceTimersByTime(10_000);
    deadline.touch();
    releaseFirst();
    releaseFirst();
    vi.advanceTimersByTime(10_000);
    expect(expired).not.toHaveBeenCalled();
    releaseSecond();
    vi.advanceTimersByTime(99);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  test('a cleared deadline, or one without a usable time, never fires', () => {
    const expired = vi.fn();
    const cleared = new IdleDeadline(100, expired);
    cleared.touch();
    cleared.clear();
    const unbounded = new IdleDeadline(Number.POSITIVE_INFINITY, expired);
    unbounded.hold()();
    vi.advanceTimersByTime(1_000_000);
    expect(expired).not.toHaveBeenCalled();
  });
});
