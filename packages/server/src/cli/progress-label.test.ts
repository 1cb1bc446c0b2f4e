import { describe, expect, test } from 'vitest';
import { progressLabel } from './progress-label.ts';

describe('progressLabel', () => {
  test('a known total shows a bar, the share and the message', () => {
    expect(progressLabel('shop_mcp_import', { progress: 4, total: 10, message: 'step 4 of 10' })).toBe(
      'running shop_mcp_import… [████████░░░░░░░░░░░░] 40% step 4 of 10',
    );
  });

  test('without a total it shows the count; odd values stay inside the bar', () => {
    expect(progressLabel('t', { progress: 7 })).toBe('running t… (7)');
    expect(progressLabel('t', { progress: 12, total: 10 })).toContain('100%');
  });
});
