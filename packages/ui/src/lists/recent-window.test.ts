import { describe, expect, it } from 'vitest';
import { recentWindow } from './recent-window.ts';

describe('recentWindow', () => {
  it('renders the newest entries of a long list and counts the older ones left out', () => {
    const entries = Array.from({ length: 500 }, (_, index) => index);
    expect(recentWindow(entries, 60)).toEqual({ items: entries.slice(440), hidden: 440 });
  });

  it('renders a short list whole', () => {
    expect(recentWindow(['a', 'b'], 60)).toEqual({ items: ['a', 'b'], hidden: 0 });
    expect(recentWindow(['a', 'b'], 0)).toEqual({ items: [], hidden: 2 });
  });
});
