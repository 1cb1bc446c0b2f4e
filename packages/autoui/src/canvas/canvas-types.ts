/** A block's position on the canvas, in CSS pixels from the top-left corner. */
export interface CanvasPosition {
  x: number;
  y: number;
}

/** A block's size, in CSS pixels. */
export interface CanvasSize {
  width: number;
  height: number;
}

/** One widget on the canvas. */
export interface CanvasBlock {
  id: string;
  /** The widget name. */
  type: string;
  /** The widget's params. */
  data: Record<string, unknown>;
  position: CanvasPosition;
  size: CanvasSize;
  /** Sanitized CSS declarations (kebab-case property → value). */
  style: Record<string, string>;
}

/** The canvas: blocks in stacking order (later ones on top). */
export interface CanvasState {
  blocks: CanvasBlock[];
}

/**
 * A change to the canvas. Every change — from the model's tools or from the user dragging — is one of
 * these, so a canvas is its event log replayed.
 */
export type CanvasEvent =
  | {
      type: 'add';
      id: string;
      widget: string;
      data: Record<string, unknown>;
      position?: CanvasPosition;
      size?: CanvasSize;
      style?: Record<string, string>;
    }
  | { type: 'update'; id: string; data: Record<string, unknown> }
  | { type: 'move'; id: string; x: number; y: number }
  | { type: 'resize'; id: string; width: number; height: number }
  | { type: 'style'; id: string; style: Record<string, unknown> }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

/** The empty canvas. */
export const EMPTY_CANVAS: CanvasState = Object.freeze({ blocks: [] }) as CanvasState;
