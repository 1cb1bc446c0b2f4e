import { describe, expect, test } from 'vitest';
import { readDate } from './dates.ts';

const NOW = new Date('2025-03-10T15:00:00Z');

describe('readDate', () => {
  test('reads ISO dates and today / tomorrow / yesterday', () => {
    expect(readDate('orders from 2024-12-31', NOW)).toBe('2024-12-31');
    expect(readDate('what happens today', NOW)).toBe('2025-03-10');
    expect(readDate('remind me tomorrow', NOW)).toBe('2025-03-11');
    expect(readDate('yesterday', NOW)).toBe('2025-03-09');
    expect(readDate('no date here', NOW)).toBeUndefined();
  });
});
