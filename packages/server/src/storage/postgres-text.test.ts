import { describe, expect, it } from 'vitest';
import { jsonText, postgresText } from './postgres-text.ts';

describe('postgresText', () => {
  it("replaces what PostgreSQL's text and jsonb refuse, and nothing else", () => {
    expect(postgresText('a\u0000b')).toBe('a\uFFFDb');
    expect(postgresText('plain \\u0000 typed by someone')).toBe('plain \\u0000 typed by someone');
    expect(postgresText(null)).toBeNull();
    expect(postgresText(undefined)).toBeNull();
    expect(postgresText(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(postgresText(42)).toBe('42');
    expect(JSON.parse(postgresText({ 'k\u0000': ['\u0000', '\ud800x', '😀', '\\u0000'] }) as string)).toEqual(
      {
        'k\uFFFD': ['\uFFFD', '\uFFFDx', '😀', '\\u0000'],
      },
    );
  });

  it('leaves escaped backslashes alone and scans a long run of them in one pass', () => {
    expect(jsonText('\\\\u0000')).toBe(JSON.stringify('\\\\u0000'));
    const many = '\\'.repeat(200_000);
    expect(JSON.parse(jsonText(`${many}\u0000`))).toBe(`${many}\uFFFD`);
  });
});
