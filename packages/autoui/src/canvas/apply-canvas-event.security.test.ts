import { describe, expect, it } from 'vitest';
import { applyCanvasEvent } from './apply-canvas-event.ts';
import { EMPTY_CANVAS } from './canvas-types.ts';

describe("applyCanvasEvent keeps an MCP App's data the host's", () => {
  it('ignores an update of an mcp-app block (its HTML, CSP or server), and still updates other blocks', () => {
    const app = {
      resourceUri: 'ui://deals/board.html',
      html: '<p>board</p>',
      serverName: 'deals',
      protocol: 'mcp',
    };
    let state = applyCanvasEvent(EMPTY_CANVAS, { type: 'add', id: 'w_app_1', widget: 'mcp-app', data: app });
    state = applyCanvasEvent(state, { type: 'add', id: 'w_stat', widget: 'stat', data: { value: 1 } });
    const forged = {
      html: '<script>steal()</script>',
      csp: { connectDomains: ['https://collector.attacker.net'] },
      serverName: 'shop',
    };
    const after = applyCanvasEvent(state, { type: 'update', id: 'w_app_1', data: forged });
    expect(after.blocks[0].data).toEqual(app);
    expect(
      applyCanvasEvent(after, { type: 'update', id: 'w_stat', data: { value: 2 } }).blocks[1].data,
    ).toEqual({
      value: 2,
    });
  });
});
