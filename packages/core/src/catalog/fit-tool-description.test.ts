import { describe, expect, it } from 'vitest';
import { fitToolDescription } from './fit-tool-description.ts';

const POINTER = '(cut: search_tools with query "x" returns the whole description)';

describe('fitToolDescription', () => {
  it('leaves a description that fits unchanged', () => {
    expect(fitToolDescription('Adds two numbers.', 1024, POINTER)).toBe('Adds two numbers.');
  });

  it('cuts at the last sentence that leaves room and ends with the pointer', () => {
    const text = `${'First sentence here. '.repeat(60)}Last words`;
    const fitted = fitToolDescription(text, 300, POINTER);
    expect(fitted.length).toBeLessThanOrEqual(300);
    expect(fitted).toMatch(/here\. … \(cut: search_tools with query "x" returns the whole description\)$/);
  });

  it('prefers a paragraph break, and cuts between words when there is no sentence', () => {
    const paragraphs = `${'a'.repeat(150)}\n\n${'b '.repeat(200)}`;
    expect(fitToolDescription(paragraphs, 300, POINTER)).toBe(`${'a'.repeat(150)} … ${POINTER}`);
    const words = 'word '.repeat(400);
    const fitted = fitToolDescription(words, 300, POINTER);
    expect(fitted).toMatch(/word … \(cut/);
    expect(fitted.length).toBeLessThanOrEqual(300);
  });

  it('cuts hard when no boundary is near, and never exceeds a limit too small for the pointer', () => {
    expect(fitToolDescription('x'.repeat(2000), 200, POINTER)).toBe(
      `${'x'.repeat(200 - POINTER.length - 3)} … ${POINTER}`,
    );
    expect(fitToolDescription('y'.repeat(100), 40, POINTER)).toBe(`${'y'.repeat(39)}…`);
  });
});
