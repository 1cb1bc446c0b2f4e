import { describe, expect, it } from 'vitest';
import type { ProviderTool } from '../types/layers.ts';
import { capToolCount } from './cap-tool-count.ts';

const tools = (...names: string[]): ProviderTool[] =>
  names.map((name) => ({ name, description: '', input_schema: { type: 'object' } }));
const names = (list: ProviderTool[]) => list.map((tool) => tool.name);

describe('capToolCount', () => {
  it('returns every tool when they fit', () => {
    expect(names(capToolCount(tools('a', 'b'), 1, 2, new Set()))).toEqual(['a', 'b']);
  });

  it('keeps the first ones, then called tools, then the newest, in the original order', () => {
    const all = tools('search', 'list', 't1', 't2', 't3', 't4', 't5');
    expect(names(capToolCount(all, 2, 5, new Set(['t1'])))).toEqual(['search', 'list', 't1', 't4', 't5']);
    expect(names(capToolCount(all, 2, 4, new Set()))).toEqual(['search', 'list', 't4', 't5']);
  });

  it('never exceeds the limit, even when the kept ones alone would', () => {
    expect(names(capToolCount(tools('a', 'b', 'c'), 3, 2, new Set(['c'])))).toEqual(['a', 'b']);
  });
});
