import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_MS, drainTimeFrom } from './drain-time.ts';

describe('drainTimeFrom', () => {
  it('reads SWITCHBOARD_DRAIN_MS, 0 included, and defaults under a 30 s kill', () => {
    expect(drainTimeFrom({})).toBe(DEFAULT_DRAIN_MS);
    expect(DEFAULT_DRAIN_MS).toBeLessThan(30_000);
    expect(drainTimeFrom({ SWITCHBOARD_DRAIN_MS: '0' })).toBe(0);
    expect(drainTimeFrom({ SWITCHBOARD_DRAIN_MS: '5000' })).toBe(5_000);
  });

  it('refuses anything but whole milliseconds, naming the variable', () => {
    for (const text of ['10s', '-1', '2.5'])
      expect(() => drainTimeFrom({ SWITCHBOARD_DRAIN_MS: text })).toThrow(
        `SWITCHBOARD_DRAIN_MS needs a whole number of milliseconds (0 or more), got '${text}'`,
      );
  });
});
