import { describe, expect, it } from 'vitest';
import { NOTICE_DISMISSED_KEY, noticeDismissal } from '../src/lib/notice-dismissal.ts';
import { MemoryStorage } from './support/memory-storage.ts';

describe('noticeDismissal', () => {
  it('remembers a dismissal until a new conversation clears it', () => {
    const storage = new MemoryStorage();
    expect(noticeDismissal.read(storage)).toBe(false);
    noticeDismissal.write(storage, true);
    expect(noticeDismissal.read(storage)).toBe(true);
    expect(storage.getItem(NOTICE_DISMISSED_KEY)).toBe('true');
    noticeDismissal.write(storage, false);
    expect(noticeDismissal.read(storage)).toBe(false);
  });

  it('shows the notice when the storage fails', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => noticeDismissal.write(broken, true)).not.toThrow();
    expect(noticeDismissal.read(broken)).toBe(false);
  });
});
