import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WidgetCatalog } from '../catalog/widget-catalog.ts';
import { applyCanvasEvent, compactCanvasEvents, replayCanvas } from './apply-canvas-event.ts';
import type { CanvasEvent } from './canvas-types.ts';
import { EMPTY_CANVAS } from './canvas-types.ts';

const catalog = new WidgetCatalog();
const options = { sizeOf: (type: string) => catalog.sizeOf(type) };
const add = (id: string, widget = 'stat'): CanvasEvent => ({
  type: 'add',
  id,
  widget,
  data: { label: id, value: 1 },
});

describe('applyCanvasEvent', () => {
  it('adds blocks sized to their content (others at their default size) without overlapping', () => {
    const state = replayCanvas([add('a'), add('b', 'table'), add('c', 'chart'), add('d')], options);
    expect(state.blocks.map((block) => block.size)).toEqual([
      { width: 200, height: 118 },
      { width: 200, height: 122 },
      { width: 560, height: 360 },
      { width: 200, height: 118 },
    ]);
    for (const a of state.blocks) {
      for (const b of state.blocks) {
        if (a === b) continue;
        const apart =
          a.position.x + a.size.width <= b.position.x ||
          b.position.x + b.size.width <= a.position.x ||
          a.position.y + a.size.height <= b.position.y ||
          b.position.y + b.size.height <= a.position.y;
        expect(apart).toBe(true);
      }
    }
    expect(state.blocks[0].position).toEqual({ x: 0, y: 0 });
  });

  it('places new blocks wholly inside the layout width, no wider than it', () => {
    const state = replayCanvas([add('a', 'chart'), add('b', 'map'), add('c'), add('d'), add('e')], {
      ...options,
      layoutWidth: 360,
    });
    for (const block of state.blocks) {
      expect(block.size.width).toBeLessThanOrEqual(360);
      expect(block.position.x + block.size.width).toBeLessThanOrEqual(360);
    }
    expect(state.blocks.map((block) => block.position.x)).toEqual([0, 0, 0, 0, 0]);
    const wide = replayCanvas([add('a', 'chart'), add('b', 'map'), add('c')], {
      ...options,
      layoutWidth: 1200,
    });
    expect(wide.blocks.map((block) => block.position)).toEqual([
      { x: 0, y: 0 },
      { x: 576, y: 0 },
      { x: 0, y: 376 },
    ]);
  });

  it('updates, moves, resizes, styles, removes and clears', () => {
    let state = replayCanvas([add('a'), add('b')], options);
    state = applyCanvasEvent(state, { type: 'update', id: 'a', data: { value: 2 } });
    state = applyCanvasEvent(state, { type: 'move', id: 'a', x: 300.6, y: -20 });
    state = applyCanvasEvent(state, { type: 'resize', id: 'a', width: 10, height: 99999 });
    state = applyCanvasEvent(state, {
      type: 'style',
      id: 'a',
      style: { backgroundColor: '#fee', background: 'url(https://evil.test/x)' },
    });
    expect(state.blocks[0]).toMatchObject({
      data: { label: 'a', value: 2 },
      position: { x: 301, y: 0 },
      size: { width: 120, height: 4000 },
      style: { 'background-color': '#fee' },
    });
    state = applyCanvasEvent(state, { type: 'style', id: 'a', style: { backgroundColor: '' } });
    expect(state.blocks[0].style).toEqual({});
    state = applyCanvasEvent(state, { type: 'remove', id: 'b' });
    expect(state.blocks.map((block) => block.id)).toEqual(['a']);
    expect(applyCanvasEvent(state, { type: 'clear' })).toEqual(EMPTY_CANVAS);
  });

  it('leaves the state unchanged for unknown ids and does not mutate its input', () => {
    const state = replayCanvas([add('a')], options);
    const frozen = structuredClone(state);
    expect(applyCanvasEvent(state, { type: 'move', id: 'zzz', x: 1, y: 1 })).toBe(state);
    applyCanvasEvent(state, { type: 'update', id: 'a', data: { value: 9 } });
    expect(state).toEqual(frozen);
  });

  it('re-adding an id replaces its widget in place', () => {
    let state = replayCanvas([add('a'), { type: 'move', id: 'a', x: 50, y: 60 }], options);
    state = applyCanvasEvent(state, { type: 'add', id: 'a', widget: 'alert', data: { message: 'hi' } });
    expect(state.blocks).toHaveLength(1);
    expect(state.blocks[0]).toMatchObject({
      type: 'alert',
      data: { message: 'hi' },
      position: { x: 50, y: 60 },
    });
  });
});

const ids = fc.constantFrom('a', 'b', 'c', 'd');
const canvasEvent: fc.Arbitrary<CanvasEvent> = fc.oneof(
  fc.record({
    type: fc.constant('add' as const),
    id: ids,
    widget: fc.constantFrom('stat', 'table', 'map'),
    data: fc.dictionary(fc.string(), fc.integer()),
  }),
  fc.record({
    type: fc.constant('update' as const),
    id: ids,
    data: fc.dictionary(fc.string(), fc.integer()),
  }),
  fc.record({
    type: fc.constant('move' as const),
    id: ids,
    x: fc.integer({ min: -50, max: 2000 }),
    y: fc.integer({ min: -50, max: 2000 }),
  }),
  fc.record({
    type: fc.constant('resize' as const),
    id: ids,
    width: fc.integer({ min: 0, max: 5000 }),
    height: fc.integer({ min: 0, max: 5000 }),
  }),
  fc.record({
    type: fc.constant('style' as const),
    id: ids,
    style: fc.record({ color: fc.constantFrom('red', '#000', 'url(x)', '') }),
  }),
  fc.record({ type: fc.constant('remove' as const), id: ids }),
  fc.constant({ type: 'clear' as const }),
);

describe('replay and compaction', () => {
  it('replaying the compacted log restores exactly the same canvas', () => {
    fc.assert(
      fc.property(fc.array(canvasEvent, { maxLength: 40 }), (events) => {
        const state = replayCanvas(events, options);
        const compact = compactCanvasEvents(events, options);
        expect(replayCanvas(compact, options)).toEqual(state);
        expect(replayCanvas(JSON.parse(JSON.stringify(compact)), options)).toEqual(state);
        expect(compact.length).toBe(state.blocks.length);
      }),
    );
  });

  it('replaying the same events twice gives the same canvas', () => {
    fc.assert(
      fc.property(fc.array(canvasEvent, { maxLength: 30 }), (events) => {
        expect(replayCanvas(events, options)).toEqual(replayCanvas(events, options));
      }),
    );
  });
});
