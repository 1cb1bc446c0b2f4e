import { MCP_APP_WIDGET } from '../mcp-apps/mcp-app-types.ts';
import { sanitizeStyle } from '../sanitize/sanitize-style.ts';
import { builtInSize } from './built-in-size.ts';
import type { CanvasBlock, CanvasEvent, CanvasSize, CanvasState } from './canvas-types.ts';
import { EMPTY_CANVAS } from './canvas-types.ts';
import { contentSize } from './content-size.ts';
import { CANVAS_LAYOUT, placeBlock } from './place-block.ts';

/** Bounds of a block's size, in CSS pixels. */
export const BLOCK_SIZE_LIMITS = Object.freeze({
  minWidth: 120,
  minHeight: 60,
  maxWidth: 4000,
  maxHeight: 4000,
});

/** Options of {@link applyCanvasEvent}. */
export interface ApplyCanvasOptions {
  /** Default size of a new block of a widget type (default: the built-in widgets' sizes). */
  sizeOf?: (type: string) => CanvasSize;
  /**
   * Width of the visible canvas new blocks are placed in (default {@link CANVAS_LAYOUT}'s): a new
   * block is no wider than it, and goes where it is wholly inside it.
   */
  layoutWidth?: number;
}

/**
 * Applies one canvas event and returns the new state (the input is not changed). Events about an
 * unknown block leave the state as it was; positions and sizes are rounded and clamped; styles are
 * sanitized here too, so a replayed log can never carry unsafe CSS. An MCP App's data (its HTML, CSP
 * and server, which the host read from the server whose tool declares it) are never updated.
 */
export function applyCanvasEvent(
  state: CanvasState,
  event: CanvasEvent,
  options: ApplyCanvasOptions = {},
): CanvasState {
  switch (event.type) {
    case 'clear':
      return state.blocks.length === 0 ? state : EMPTY_CANVAS;
    case 'add': {
      const existing = state.blocks.find((block) => block.id === event.id);
      if (existing) return replaceBlock(state, { ...existing, type: event.widget, data: { ...event.data } });
      const layout = {
        ...CANVAS_LAYOUT,
        width: Math.max(BLOCK_SIZE_LIMITS.minWidth, options.layoutWidth ?? CANVAS_LAYOUT.width),
      };
      const size = clampSize(event.size ?? newBlockSize(event.widget, event.data, layout.width, options));
      const position = event.position
        ? clampPosition(event.position.x, event.position.y)
        : placeBlock(state.blocks, size, layout);
      const style = event.style ? sanitizeStyle(event.style).style : {};
      return {
        blocks: [
          ...state.blocks,
          {
            id: event.id,
            type: event.widget,
            data: { ...event.data },
            position,
            size,
            style: dropEmpty(style),
          },
        ],
      };
    }
    case 'remove':
      return state.blocks.some((block) => block.id === event.id)
        ? { blocks: state.blocks.filter((block) => block.id !== event.id) }
        : state;
    default:
      return updateBlock(state, event.id, (block) => changeBlock(block, event));
  }
}

/** A new block's size: its default size fitted to its content, no wider than the layout. */
function newBlockSize(
  type: string,
  data: Record<string, unknown>,
  layoutWidth: number,
  options: ApplyCanvasOptions,
): CanvasSize {
  const size = contentSize(type, data, (options.sizeOf ?? builtInSize)(type));
  return { ...size, width: Math.min(size.width, layoutWidth) };
}

function changeBlock(
  block: CanvasBlock,
  event: Extract<CanvasEvent, { type: 'update' | 'move' | 'resize' | 'style' }>,
): CanvasBlock {
  switch (event.type) {
    case 'update':
      return block.type === MCP_APP_WIDGET ? block : { ...block, data: { ...block.data, ...event.data } };
    case 'move':
      return { ...block, position: clampPosition(event.x, event.y) };
    case 'resize':
      return { ...block, size: clampSize({ width: event.width, height: event.height }) };
    case 'style':
      return { ...block, style: dropEmpty({ ...block.style, ...sanitizeStyle(event.style).style }) };
  }
}

function updateBlock(
  state: CanvasState,
  id: string,
  change: (block: CanvasBlock) => CanvasBlock,
): CanvasState {
  const block = state.blocks.find((candidate) => candidate.id === id);
  return block ? replaceBlock(state, change(block)) : state;
}

function replaceBlock(state: CanvasState, next: CanvasBlock): CanvasState {
  return { blocks: state.blocks.map((block) => (block.id === next.id ? next : block)) };
}

function clampPosition(x: number, y: number): { x: number; y: number } {
  return { x: Math.max(0, Math.round(finite(x))), y: Math.max(0, Math.round(finite(y))) };
}

function clampSize(size: CanvasSize): CanvasSize {
  const { minWidth, minHeight, maxWidth, maxHeight } = BLOCK_SIZE_LIMITS;
  return {
    width: Math.min(maxWidth, Math.max(minWidth, Math.round(finite(size.width)))),
    height: Math.min(maxHeight, Math.max(minHeight, Math.round(finite(size.height)))),
  };
}

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

function dropEmpty(style: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(style).filter(([, value]) => value !== ''));
}

/** Replays events from the empty canvas (or `initial`) and returns the resulting state. */
export function replayCanvas(
  events: Iterable<CanvasEvent>,
  options: ApplyCanvasOptions = {},
  initial: CanvasState = EMPTY_CANVAS,
): CanvasState {
  let state = initial;
  for (const event of events) state = applyCanvasEvent(state, event, options);
  return state;
}

/**
 * The shortest event log that replays to the same state: one `add` per block, in stacking order,
 * with its final data, position, size and style. Used to persist a canvas compactly.
 */
export function compactCanvasEvents(
  events: Iterable<CanvasEvent>,
  options: ApplyCanvasOptions = {},
): CanvasEvent[] {
  return snapshotEvents(replayCanvas(events, options));
}

/** A state as `add` events (replaying them restores it exactly). */
export function snapshotEvents(state: CanvasState): CanvasEvent[] {
  return state.blocks.map((block) => ({
    type: 'add',
    id: block.id,
    widget: block.type,
    data: structuredClone(block.data),
    position: { ...block.position },
    size: { ...block.size },
    style: { ...block.style },
  }));
}
