/** A widget put on the canvas, as the `widget` CUSTOM event carries it. */
export interface WidgetEvent {
  /** The canvas id, which the `canvas` tool takes. */
  id: string;
  /** The widget name in the catalog. */
  type: string;
  data: Record<string, unknown>;
  /** The tool call that showed it (empty when the tool was called outside a run). */
  toolCallId: string;
}

/** What the `canvas` tool can do to the canvas. */
export type CanvasActionName = 'clear' | 'update' | 'move' | 'resize' | 'style';

/** A change the `canvas` tool made, as the `canvas` CUSTOM event carries it. */
export interface CanvasAction {
  action: CanvasActionName;
  /** The widget changed (every action but `clear`). */
  id?: string;
  /** The action's params as the model sent them. */
  params: Record<string, unknown>;
  /** The tool call that made it (empty when the tool was called outside a run). */
  toolCallId: string;
}

declare module '@switchboard/core' {
  /** The CUSTOM events autoui's tools emit. */
  interface CustomEventMap {
    widget: WidgetEvent;
    canvas: CanvasAction;
  }
}
