import { describe, expect, it } from 'vitest';
import { ResultBuffer } from './result-buffer.ts';

describe('ResultBuffer', () => {
  it('stores, recalls and round-trips through JSON', () => {
    const buffer = new ResultBuffer();
    buffer.set('toolu_1', 'full result');
    const restored = ResultBuffer.fromJSON(JSON.parse(JSON.stringify(buffer)));
    expect(restored.get('toolu_1')).toBe('full result');
    expect(restored.size).toBe(1);
  });

  it('drops the oldest results past its size budget, never the newest', () => {
    const buffer = new ResultBuffer({ maxChars: 10 });
    buffer.set('a', '12345');
    buffer.set('b', '12345');
    buffer.set('c', '123');
    expect(buffer.ids()).toEqual(['b', 'c']);
    buffer.set('huge', 'x'.repeat(50));
    expect(buffer.ids()).toEqual(['huge']);
  });
});
