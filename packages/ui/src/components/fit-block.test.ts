import type { CanvasBlock } from '@switchboard/autoui';
import { describe, expect, it } from 'vitest';
import { refitNewBlocks } from './fit-block.ts';

const block = (id: string, x: number, y: number, width: number, height: number): CanvasBlock => ({
  id,
  type: 'markdown',
  data: {},
  position: { x, y },
  size: { width, height },
  style: {},
});

describe('refitNewBlocks', () => {
  it('shrinks new blocks to their content and packs the batch up, leaving older blocks alone', () => {
    const blocks = [
      block('old', 0, 0, 300, 100),
      block('a', 0, 116, 300, 300),
      block('b', 0, 432, 300, 300),
      block('c', 0, 748, 300, 300),
    ];
    const events = refitNewBlocks(
      blocks,
      new Set(['a', 'b', 'c']),
      new Map([
        ['a', 80],
        ['b', 90],
      ]),
      320,
    );
    expect(events).toEqual([
      { type: 'resize', id: 'a', width: 300, height: 80 },
      { type: 'resize', id: 'b', width: 300, height: 90 },
      { type: 'move', id: 'b', x: 0, y: 212 },
      { type: 'move', id: 'c', x: 0, y: 318 },
    ]);
  });

  it('never grows a block, and changes nothing when all fits already', () => {
    const blocks = [block('a', 0, 0, 300, 100)];
    expect(refitNewBlocks(blocks, new Set(['a']), new Map([['a', 400]]), 320)).toEqual([]);
  });
});
