import { describe, expect, it } from 'vitest';
import { ChangeListeners } from './change-listeners.ts';

describe('ChangeListeners', () => {
  it('tells every listener, even after one of them throws', () => {
    const listeners = new ChangeListeners<string>();
    const seen: string[] = [];
    listeners.add(() => {
      throw new Error('broken listener');
    });
    listeners.add((changed) => seen.push(changed));
    expect(() => listeners.notify('files')).not.toThrow();
    expect(seen).toEqual(['files']);
  });

  it('stops telling a removed listener, and every listener after clear()', () => {
    const listeners = new ChangeListeners<void>();
    const seen: string[] = [];
    const remove = listeners.add(() => seen.push('first'));
    listeners.add(() => seen.push('second'));
    remove();
    listeners.notify();
    listeners.clear();
    listeners.notify();
    expect(seen).toEqual(['second']);
  });

  it('tells a listener added during a change only of the next change', () => {
    const listeners = new ChangeListeners<void>();
    const seen: string[] = [];
    listeners.add(() => {
      seen.push('outer');
      listeners.add(() => seen.push('inner'));
    });
    listeners.notify();
    expect(seen).toEqual(['outer']);
  });
});
