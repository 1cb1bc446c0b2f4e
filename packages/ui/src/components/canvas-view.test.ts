import type { CanvasBlock } from '@switchboard/autoui';
import { MCP_APP_WIDGET } from '@switchboard/autoui';
import { describe, expect, it } from 'vitest';
import { ALWAYS_DRAWN, blocksNearView } from './canvas-view.ts';

/** A column of 200 blocks 300 px high, 16 px apart. */
const blocks: CanvasBlock[] = Array.from({ length: 200 }, (_, index) => ({
  id: `w_${index}`,
  type: index === 3 ? MCP_APP_WIDGET : 'table',
  data: {},
  position: { x: 0, y: index * 316 },
  size: { width: 400, height: 300 },
  style: {},
}));

describe('blocksNearView', () => {
  it('renders the blocks within a screen of the view, and every MCP App', () => {
    const near = blocksNearView(blocks, { left: 0, top: 316 * 150, width: 1000, height: 800 }, 12);
    // 800 px above, the view, 800 px below: 2,400 px of blocks 316 px apart.
    expect(near.size).toBeLessThanOrEqual(10);
    expect(near.has('w_150')).toBe(true);
    expect(near.has('w_147')).toBe(true);
    expect(near.has('w_154')).toBe(true);
    expect(near.has('w_0')).toBe(false);
    expect(near.has('w_3')).toBe(true);
  });

  it('draws a canvas of up to ALWAYS_DRAWN blocks whole, wherever the view is', () => {
    const few = blocks.slice(0, ALWAYS_DRAWN);
    expect(blocksNearView(few, { left: 0, top: 0, width: 1000, height: 800 }, 12).size).toBe(ALWAYS_DRAWN);
  });
});
