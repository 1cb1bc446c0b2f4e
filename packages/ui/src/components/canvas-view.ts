import type { CanvasBlock } from '@switchboard/autoui';
import { MCP_APP_WIDGET } from '@switchboard/autoui';

/** The part of the canvas surface in view: its scroll offsets and the visible size, in CSS pixels. */
export interface CanvasView {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The most blocks a canvas draws whole: a widget keeps what the person did in it (a table's page, a
 * form's input, a map's view) while it is drawn, so only a longer canvas leaves far widgets undrawn.
 */
export const ALWAYS_DRAWN = 30;

/**
 * The blocks that are rendered: every block of a canvas of up to {@link ALWAYS_DRAWN}; of a longer
 * one, those within a screen of the view (above, below and either side) and every MCP App (its frame
 * keeps the app's state). The others stay on the canvas as empty frames in their place, named, until
 * they come near, so a canvas of hundreds of widgets renders about as much as a screenful. `padding`
 * is the surface's inset around the blocks.
 */
export function blocksNearView(
  blocks: readonly CanvasBlock[],
  view: CanvasView,
  padding: number,
): Set<string> {
  if (blocks.length <= ALWAYS_DRAWN) return new Set(blocks.map((block) => block.id));
  const top = view.top - view.height;
  const bottom = view.top + 2 * view.height;
  const left = view.left - view.width;
  const right = view.left + 2 * view.width;
  const near = new Set<string>();
  for (const block of blocks) {
    const x = block.position.x + padding;
    const y = block.position.y + padding;
    if (
      block.type === MCP_APP_WIDGET ||
      (y < bottom && y + block.size.height > top && x < right && x + block.size.width > left)
    )
      near.add(block.id);
  }
  return near;
}
