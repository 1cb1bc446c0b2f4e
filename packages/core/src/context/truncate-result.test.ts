import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateResult } from './truncate-result.ts';

describe('truncateResult', () => {
  it('leaves short results alone', () => {
    expect(truncateResult('short', 100)).toBe('short');
  });

  it('cuts a JSON array item-wise into valid JSON that says how many items there were', () => {
    const items = Array.from({ length: 1000 }, (_, index) => ({ id: index, name: `item ${index}` }));
    const preview = truncateResult(JSON.stringify(items), 2000, "recall('toolu_1')");
    expect(preview.length).toBeLessThanOrEqual(2000);
    const parsed = JSON.parse(preview) as unknown[];
    const note = parsed.at(-1) as string;
    expect(parsed[0]).toEqual({ id: 0, name: 'item 0' });
    expect(note).toMatch(/more items not shown \(1000 items in all/);
    expect(note).toContain("recall('toolu_1')");
    expect(note).toContain(`${parsed.length - 1 + Number(note.match(/… (\d+) more/)?.[1])}`);
  });

  it('cuts the largest array inside an object and keeps the other fields', () => {
    const payload = { total: 500, data: Array.from({ length: 500 }, (_, index) => `row-${index}`), page: 1 };
    const parsed = JSON.parse(truncateResult(JSON.stringify(payload), 1000)) as typeof payload;
    expect(parsed.total).toBe(500);
    expect(parsed.page).toBe(1);
    expect(parsed.data.length).toBeLessThan(500);
    expect(parsed.data.at(-1)).toMatch(/500 items in all/);
  });

  it('cuts plain text and gives the full length', () => {
    const preview = truncateResult('x'.repeat(50_000), 10_000);
    expect(preview.length).toBeLessThanOrEqual(10_000);
    expect(preview).toMatch(/showing 10000 of 50000 characters/);
  });

  it('never exceeds the limit, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 3000 }), fc.json({ maxDepth: 3 })),
        fc.integer({ min: 200, max: 2000 }),
        (text, max) => {
          expect(truncateResult(text, max).length).toBeLessThanOrEqual(
            Math.max(max, text.length <= max ? text.length : 0),
          );
        },
      ),
    );
  });
});
