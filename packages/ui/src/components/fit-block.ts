import type { CanvasBlock, CanvasEvent } from '@switchboard/autoui';
import { CANVAS_LAYOUT, placeBlock } from '@switchboard/autoui';

/**
 * Widgets whose height follows their content: a new one is shrunk to it when its tile is taller.
 * Not those that fill their tile (charts, maps, diagrams, apps) or show images that load later.
 */
export const SHRINKS_TO_CONTENT: ReadonlySet<string> = new Set([
  'actions',
  'alert',
  'code',
  'form',
  'json-viewer',
  'kv',
  'list',
  'log',
  'markdown',
  'progress',
  'stat',
  'stat-card',
  'table',
  'tags',
  'timeline',
]);

/**
 * The height a canvas block needs for its content (its bar, the body's padding and the rendered
 * widget), or undefined when it cannot be measured. Reads the layout of `.bar`, `.body` and
 * `.content` inside the block element.
 */
export function fittedHeight(block: HTMLElement): number | undefined {
  const bar = block.querySelector<HTMLElement>('.bar');
  const body = block.querySelector<HTMLElement>('.body');
  const content = block.querySelector<HTMLElement>('.content');
  if (!bar || !body || !content || content.offsetHeight === 0) return undefined;
  const style = getComputedStyle(body);
  const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
  const borders = block.offsetHeight - block.clientHeight;
  return Math.ceil(bar.offsetHeight + padding + content.offsetHeight + borders + 2);
}

/**
 * The moves and resizes that fit new blocks to their measured heights and place them again, in
 * order, where they now fit (a batch of new widgets packs up once the first ones have shrunk). Blocks
 * already on the canvas stay where they are; `heights` gives the fitted height of each new block
 * that shrinks.
 */
export function refitNewBlocks(
  blocks: readonly CanvasBlock[],
  fresh: ReadonlySet<string>,
  heights: ReadonlyMap<string, number>,
  layoutWidth: number,
): CanvasEvent[] {
  const placed = blocks.filter((block) => !fresh.has(block.id));
  const events: CanvasEvent[] = [];
  for (const block of blocks.filter((candidate) => fresh.has(candidate.id))) {
    const height = Math.min(block.size.height, heights.get(block.id) ?? block.size.height);
    const size = { width: block.size.width, height };
    const position = placeBlock(placed, size, { ...CANVAS_LAYOUT, width: Math.max(layoutWidth, size.width) });
    placed.push({ ...block, size, position });
    if (height !== block.size.height) events.push({ type: 'resize', id: block.id, ...size });
    if (position.x !== block.position.x || position.y !== block.position.y)
      events.push({ type: 'move', id: block.id, ...position });
  }
  return events;
}
