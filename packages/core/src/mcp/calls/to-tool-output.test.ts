import { describe, expect, test } from 'vitest';
import { toToolOutput } from './to-tool-output.ts';

describe('toToolOutput', () => {
  test('joins text contents and keeps isError', () => {
    expect(
      toToolOutput({
        content: [
          { type: 'text', text: 'first' },
          { type: 'text', text: 'second' },
        ],
        isError: true,
      }),
    ).toEqual({ text: 'first\nsecond', isError: true });
  });

  test('uses the structured content as JSON when there is no text, and always carries it as value', () => {
    expect(toToolOutput({ content: [], structuredContent: { sum: 3 } })).toEqual({
      text: '{"sum":3}',
      isError: false,
      value: { sum: 3 },
    });
    expect(
      toToolOutput({ content: [{ type: 'text', text: 'sum is 3' }], structuredContent: { sum: 3 } }),
    ).toEqual({
      text: 'sum is 3',
      isError: false,
      value: { sum: 3 },
    });
  });

  test('describes binary contents with short placeholders', () => {
    const output = toToolOutput({
      content: [
        { type: 'image', mimeType: 'image/png', data: 'A'.repeat(16_384) },
        { type: 'audio', mimeType: 'audio/wav', data: 'AAAA' },
        {
          type: 'resource',
          resource: { uri: 'file:///a.bin', mimeType: 'application/zip', blob: 'A'.repeat(4 * 1024 * 1024) },
        },
      ],
    });
    expect(output.text).toBe(
      '[image image/png, 12 KB]\n[audio audio/wav, 3 B]\n[resource file:///a.bin (application/zip), 3.0 MB]',
    );
  });

  test('inlines embedded text resources and gives resource links as their URI', () => {
    const output = toToolOutput({
      content: [
        { type: 'resource', resource: { uri: 'note://1', text: 'the note' } },
        { type: 'resource_link', uri: 'https://example.com/report.pdf', name: 'report' },
      ],
    });
    expect(output.text).toBe('the note\nhttps://example.com/report.pdf');
  });

  test('gives an error without content a message', () => {
    expect(toToolOutput({ content: [], isError: true })).toEqual({
      text: 'The tool reported an error without a message.',
      isError: true,
    });
  });
});
