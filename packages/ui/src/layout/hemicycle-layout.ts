/** One seat of a hemicycle, in unit coordinates (the outer row has radius 1, y grows upwards). */
export interface Seat {
  x: number;
  y: number;
  r: number;
  /** Index of the group holding the seat, or -1 for an unallocated seat. */
  group: number;
}

const INNER_RADIUS = 0.4;

/**
 * Lays out a parliament: `total` seats in concentric half rings whose seat counts grow with their radius,
 * so spacing is even; seats are then given to the groups from left to right in order.
 */
export function hemicycleSeats(groups: ReadonlyArray<{ seats: number }>, total?: number): Seat[] {
  const allocated = groups.reduce((sum, group) => sum + Math.max(0, Math.floor(group.seats)), 0);
  const seatCount = Math.max(allocated, Math.floor(total ?? 0));
  if (seatCount === 0) return [];
  const spread = (2 * seatCount * (1 - INNER_RADIUS)) / (Math.PI * (1 + INNER_RADIUS));
  const rows = Math.max(1, Math.round((1 + Math.sqrt(1 + 4 * spread)) / 2));
  const radii = Array.from({ length: rows }, (_, row) =>
    rows === 1 ? 1 : INNER_RADIUS + ((1 - INNER_RADIUS) * row) / (rows - 1),
  );
  const radiusSum = radii.reduce((sum, radius) => sum + radius, 0);
  const perRow = radii.map((radius) => Math.floor((seatCount * radius) / radiusSum));
  for (
    let row = rows - 1, missing = seatCount - perRow.reduce((a, b) => a + b, 0);
    missing > 0;
    row = row === 0 ? rows - 1 : row - 1, missing--
  ) {
    perRow[row]++;
  }
  const rowGap = rows === 1 ? 1 : (1 - INNER_RADIUS) / (rows - 1);
  const positions: Array<{ x: number; y: number; angle: number; r: number }> = [];
  radii.forEach((radius, row) => {
    const count = perRow[row];
    const arcGap = count > 1 ? (Math.PI * radius) / (count - 1) : Math.PI * radius;
    const seatRadius = Math.min(rowGap, arcGap) * 0.42;
    for (let seat = 0; seat < count; seat++) {
      const angle = count === 1 ? Math.PI / 2 : Math.PI * (1 - seat / (count - 1));
      positions.push({ x: radius * Math.cos(angle), y: radius * Math.sin(angle), angle, r: seatRadius });
    }
  });
  positions.sort((a, b) => b.angle - a.angle || a.x - b.x);
  const owners = groups.flatMap((group, index) =>
    Array.from({ length: Math.max(0, Math.floor(group.seats)) }, () => index),
  );
  return positions.map((position, index) => ({
    x: position.x,
    y: position.y,
    r: position.r,
    group: owners[index] ?? -1,
  }));
}
