import { describe, expect, it } from 'vitest';
import { normalizeToolOutput, safeStringify } from './normalize-tool-output.ts';

describe('normalizeToolOutput', () => {
  it('keeps strings and serializes JSON values', () => {
    expect(normalizeToolOutput('8')).toEqual({ text: '8', isError: false, value: '8' });
    expect(normalizeToolOutput({ temp: 18 })).toEqual({
      text: '{"temp":18}',
      isError: false,
      value: { temp: 18 },
    });
  });

  it('joins the text of an MCP CallToolResult and parses a lone JSON text as the value', () => {
    const output = normalizeToolOutput({ content: [{ type: 'text', text: '{"a":1}' }] });
    expect(output).toEqual({ text: '{"a":1}', isError: false, value: { a: 1 } });
  });

  it('carries isError and turns binary content into a placeholder', () => {
    const output = normalizeToolOutput({
      content: [
        { type: 'text', text: 'boom' },
        { type: 'image', mimeType: 'image/png', data: 'A'.repeat(4096) },
      ],
      isError: true,
    });
    expect(output.isError).toBe(true);
    expect(output.text).toBe('boom\n[image image/png, 3 KB]');
  });

  it('uses structuredContent when there is no text', () => {
    expect(normalizeToolOutput({ content: [], structuredContent: { n: 2 } }).text).toBe('{"n":2}');
  });

  it('says so when a tool returns nothing', () => {
    expect(normalizeToolOutput(undefined).text).toMatch(/no content/);
  });

  it('never throws on cycles or BigInt', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(safeStringify(cyclic)).toMatch(/unserializable/);
    expect(safeStringify({ n: 10n })).toBe('{"n":"10"}');
  });
});
