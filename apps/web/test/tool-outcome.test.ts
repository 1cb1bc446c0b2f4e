import { describe, expect, it } from 'vitest';
import { toolOutcome } from '../src/lib/tool-outcome.ts';

describe('toolOutcome', () => {
  it.each([
    [
      '{"widget":"stat","data":{"label":"a","value":1},"id":"w_1"}',
      { widget: 'stat', data: { label: 'a', value: 1 } },
    ],
    ['{"widget":"cards","params":{"items":[]}}', { widget: 'cards', data: { items: [] } }],
    ['[1,2]', { widget: 'json-viewer', data: { data: [1, 2] } }],
    ['{"a":1}', { widget: 'json-viewer', data: { data: { a: 1 } } }],
    ['42', { widget: 'markdown', data: { content: '42' } }],
    ['{not json', { widget: 'markdown', data: { content: '{not json' } }],
  ])('shows %s as a widget', (text, expected) => {
    expect(toolOutcome(text, undefined, () => false)).toEqual(expected);
  });

  it('keeps errors as errors', () => {
    expect(toolOutcome('Error: boom', 'boom', () => false)).toEqual({ error: 'Error: boom' });
    expect(toolOutcome('bad', 'bad thing', () => false)).toEqual({ error: 'Error: bad thing' });
  });
});
