import type { CanvasBlock, CanvasPosition, CanvasSize } from './canvas-types.ts';

/** The gap between blocks, and the width new blocks are packed into when the visible width is not known. */
export const CANVAS_LAYOUT = Object.freeze({ width: 1200, gap: 16 });

/**
 * Where a new block of `size` goes: the free spot nearest the top (then the left) among the corners
 * next to existing blocks, within the layout width. Deterministic, so replaying events places blocks
 * exactly where they were.
 */
export function placeBlock(
  blocks: readonly CanvasBlock[],
  size: CanvasSize,
  layout: { width: number; gap: number } = CANVAS_LAYOUT,
): CanvasPosition {
  const { gap, width } = layout;
  const candidates: CanvasPosition[] = [{ x: 0, y: 0 }];
  for (const block of blocks) {
    const right = block.position.x + block.size.width + gap;
    const below = block.position.y + block.size.height + gap;
    candidates.push({ x: right, y: block.position.y }, { x: block.position.x, y: below }, { x: 0, y: below });
  }
  const fits = (spot: CanvasPosition) =>
    (spot.x === 0 || spot.x + size.width <= width) &&
    blocks.every(
      (block) =>
        spot.x + size.width + gap <= block.position.x ||
        block.position.x + block.size.width + gap <= spot.x ||
        spot.y + size.height + gap <= block.position.y ||
        block.position.y + block.size.height + gap <= spot.y,
    );
  const free = candidates.filter(fits).sort((a, b) => a.y - b.y || a.x - b.x);
  if (free.length > 0) return free[0];
  const bottom = Math.max(0, ...blocks.map((block) => block.position.y + block.size.height + gap));
  return { x: 0, y: bottom };
}
