/** Callbacks a UI registers to render widgets and apply canvas actions as the model makes them. */
export interface UiCallbacks {
  /** A widget was displayed; return its canvas id (otherwise the tool's id or a generated one is used). */
  // biome-ignore lint/suspicious/noConfusingVoidType: callbacks that return nothing are welcome here.
  onWidget?: (type: string, data: Record<string, unknown>) => { id?: string } | undefined | void;
  onClear?: () => void;
  onUpdate?: (id: string, params: Record<string, unknown>) => void;
  onMove?: (id: string, x: number, y: number) => void;
  onResize?: (id: string, width: number, height: number) => void;
  onStyle?: (id: string, styles: Record<string, unknown>) => void;
}

/** A widget shown by `widget_display`, as emitted in the `widget` CUSTOM event. */
export interface WidgetEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  toolCallId: string;
}

/** A canvas action made by the `canvas` tool, as emitted in the `canvas` CUSTOM event. */
export interface CanvasActionEvent {
  action: 'clear' | 'update' | 'move' | 'resize' | 'style';
  id?: string;
  params: Record<string, unknown>;
  toolCallId: string;
}

/**
 * Applies the UI side of a `widget_display` result: calls `onWidget` and returns the widget with its id.
 * Returns undefined when the value is not a displayable widget (e.g. a validation error).
 */
export function displayWidget(
  value: unknown,
  toolCallId: string,
  callbacks: UiCallbacks,
  newId: () => string,
): WidgetEvent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const result = value as { widget?: unknown; data?: unknown; id?: unknown; error?: unknown };
  if (typeof result.widget !== 'string' || result.error !== undefined) return undefined;
  if (typeof result.data !== 'object' || result.data === null) return undefined;
  const data = result.data as Record<string, unknown>;
  const rendered = callbacks.onWidget?.(result.widget, data);
  const id = rendered?.id || (typeof result.id === 'string' ? result.id : newId());
  return { id, type: result.widget, data, toolCallId };
}

/** Applies a `canvas` tool call through the callbacks. Returns the action, or an error message. */
export function applyCanvasAction(
  input: Record<string, unknown>,
  toolCallId: string,
  callbacks: UiCallbacks,
): CanvasActionEvent | { error: string } {
  const action = input.action;
  const id = typeof input.id === 'string' ? input.id : undefined;
  const params = (typeof input.params === 'object' && input.params !== null ? input.params : {}) as Record<
    string,
    unknown
  >;
  if (action !== 'clear' && !id) return { error: `canvas action "${String(action)}" needs the widget id` };
  const number = (key: string) => Number(params[key] ?? input[key]);
  switch (action) {
    case 'clear':
      callbacks.onClear?.();
      break;
    case 'update':
      callbacks.onUpdate?.(id as string, params);
      break;
    case 'move':
      if (!Number.isFinite(number('x')) || !Number.isFinite(number('y')))
        return { error: 'move needs numeric params x and y' };
      callbacks.onMove?.(id as string, number('x'), number('y'));
      break;
    case 'resize':
      if (!Number.isFinite(number('width')) || !Number.isFinite(number('height'))) {
        return { error: 'resize needs numeric params width and height' };
      }
      callbacks.onResize?.(id as string, number('width'), number('height'));
      break;
    case 'style':
      callbacks.onStyle?.(id as string, (params.styles as Record<string, unknown>) ?? params);
      break;
    default:
      return { error: `unknown canvas action "${String(action)}": use clear, update, move, resize or style` };
  }
  return { action, id, params, toolCallId };
}
