import { describe, expect, it } from 'vitest';
import type { McpLayer } from '../types/layers.ts';
import { ToolsChangedListeners } from './tools-changed-listeners.ts';

const layer: McpLayer = { protocol: 'mcp', serverName: 'files', tools: [] };

describe('ToolsChangedListeners', () => {
  it('tells every listener, even after one of them throws', () => {
    const listeners = new ToolsChangedListeners();
    const seen: string[] = [];
    listeners.add(() => {
      throw new Error('broken listener');
    });
    listeners.add((changed) => seen.push(changed.serverName));
    expect(() => listeners.notify(layer)).not.toThrow();
    expect(seen).toEqual(['files']);
  });

  it('stops telling a removed listener, and every listener after clear()', () => {
    const listeners = new ToolsChangedListeners();
    const seen: string[] = [];
    const remove = listeners.add(() => seen.push('first'));
    listeners.add(() => seen.push('second'));
    remove();
    listeners.notify(layer);
    listeners.clear();
    listeners.notify(layer);
    expect(seen).toEqual(['second']);
  });

  it('tells a listener added during a change only of the next change', () => {
    const listeners = new ToolsChangedListeners();
    const seen: string[] = [];
    listeners.add(() => {
      seen.push('outer');
      listeners.add(() => seen.push('inner'));
    });
    listeners.notify(layer);
    expect(seen).toEqual(['outer']);
  });
});
