import { describe, expect, it } from 'vitest';
import { hemicycleSeats } from './hemicycle-layout.ts';

describe('hemicycleSeats', () => {
  it('places every seat once, left groups on the left', () => {
    const seats = hemicycleSeats([{ seats: 120 }, { seats: 200 }, { seats: 257 }]);
    expect(seats).toHaveLength(577);
    expect(seats.filter((seat) => seat.group === 0)).toHaveLength(120);
    const meanX = (group: number) => {
      const mine = seats.filter((seat) => seat.group === group);
      return mine.reduce((sum, seat) => sum + seat.x, 0) / mine.length;
    };
    expect(meanX(0)).toBeLessThan(meanX(1));
    expect(meanX(1)).toBeLessThan(meanX(2));
    for (const seat of seats) {
      expect(Math.hypot(seat.x, seat.y)).toBeLessThanOrEqual(1.0001);
      expect(seat.y).toBeGreaterThanOrEqual(-1e-9);
    }
  });

  it('leaves unallocated seats when the total is larger, and handles tiny and empty chambers', () => {
    expect(hemicycleSeats([{ seats: 3 }], 5).filter((seat) => seat.group === -1)).toHaveLength(2);
    expect(hemicycleSeats([{ seats: 1 }])).toHaveLength(1);
    expect(hemicycleSeats([{ seats: 0 }])).toEqual([]);
  });
});
