import { describe, expect, it, vi } from 'vitest';
import { CanvasModel } from './canvas-model.ts';

describe('CanvasModel', () => {
  it('applies events, notifies on change only, and round-trips through JSON', () => {
    const model = new CanvasModel();
    const listener = vi.fn();
    const unsubscribe = model.subscribe(listener);
    model.apply({ type: 'add', id: 'w_1', widget: 'stat', data: { label: 'x', value: 1 } });
    model.apply({ type: 'move', id: 'w_1', x: 40, y: 80 });
    model.apply({ type: 'move', id: 'missing', x: 1, y: 1 });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(model.get('w_1')?.position).toEqual({ x: 40, y: 80 });

    const restored = CanvasModel.fromJSON(JSON.parse(JSON.stringify(model)));
    expect(restored.state).toEqual(model.state);
    unsubscribe();
    model.apply({ type: 'clear' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('refuses something that is not a snapshot', () => {
    expect(() => CanvasModel.fromJSON({ blocks: [] })).toThrow(/not a canvas snapshot/);
  });
});
