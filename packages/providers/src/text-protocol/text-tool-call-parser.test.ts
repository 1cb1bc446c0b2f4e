import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTextToolCallParser, type TextProtocolPiece } from './text-tool-call-parser.ts';

/** Parses the chunks and merges neighbouring text pieces, so results compare regardless of chunking. */
function parse(chunks: string[]): TextProtocolPiece[] {
  const parser = createTextToolCallParser();
  const pieces = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  const merged: TextProtocolPiece[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (piece.type === 'text' && last?.type === 'text')
      merged[merged.length - 1] = { type: 'text', text: last.text + piece.text };
    else merged.push(piece);
  }
  return merged;
}

const REPLY =
  'Let me work it out.\n<tool>calculator_webmcp_calculate</tool><params>{"operation": "add", "a": 5, "b": 3}</params>\n' +
  '<tool>calculator_webmcp_set_storage</tool>\n<params>{"key": "greeting", "value": "a < b"}</params>\nDone.';

const EXPECTED: TextProtocolPiece[] = [
  { type: 'text', text: 'Let me work it out.\n' },
  {
    type: 'call',
    syntax: 'tags',
    name: 'calculator_webmcp_calculate',
    input: { operation: 'add', a: 5, b: 3 },
  },
  { type: 'text', text: '\n' },
  {
    type: 'call',
    syntax: 'tags',
    name: 'calculator_webmcp_set_storage',
    input: { key: 'greeting', value: 'a < b' },
  },
  { type: 'text', text: '\nDone.' },
];

describe('createTextToolCallParser', () => {
  it('parses several calls and keeps the text around them, without the markup', () => {
    expect(parse([REPLY])).toEqual(EXPECTED);
  });

  it('parses tags split across chunks, one character at a time', () => {
    expect(parse([...REPLY])).toEqual(EXPECTED);
  });

  it('gives the same result however the stream is split', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(REPLY.length), { maxLength: 12 }), (cuts) => {
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), REPLY.length];
        const chunks = points.slice(1).map((end, index) => REPLY.slice(points[index], end));
        expect(parse(chunks)).toEqual(EXPECTED);
      }),
    );
  });

  it('streams text as soon as it cannot be a tag, holding back only a possible tag start', () => {
    const parser = createTextToolCallParser();
    expect(parser.push('Hello <to')).toEqual([{ type: 'text', text: 'Hello ' }]);
    expect(parser.push('day')).toEqual([{ type: 'text', text: '<today' }]);
    expect(parser.push(' a<b')).toEqual([{ type: 'text', text: ' a<b' }]);
    expect(parser.end()).toEqual([]);
  });

  it('turns malformed params into a parse-error input instead of failing', () => {
    const [call] = parse(['<tool>calc</tool><params>{"a": 5, "b": }</params>']);
    expect(call).toMatchObject({ type: 'call', name: 'calc', input: { raw: '{"a": 5, "b": }' } });
    const input = (call as { input: { __parse_error: string } }).input;
    expect(input.__parse_error).toMatch(
      /^params is not valid JSON: .+\. Write one JSON object between <params> and <\/params>\.$/,
    );
  });

  it('requires params to be a JSON object', () => {
    expect(parse(['<tool>calc</tool><params>[1, 2]</params>'])).toEqual([
      {
        type: 'call',
        syntax: 'tags',
        name: 'calc',
        input: { __parse_error: 'params must be a JSON object (e.g. {"a": 1}), not an array', raw: '[1, 2]' },
      },
    ]);
  });

  it('accepts empty params, a missing params tag, and params in a code fence', () => {
    expect(parse(['<tool>list_servers</tool><params></params>'])).toEqual([
      { type: 'call', syntax: 'tags', name: 'list_servers', input: {} },
    ]);
    expect(parse(['<tool>list_servers</tool> and then'])).toEqual([
      { type: 'call', syntax: 'tags', name: 'list_servers', input: {} },
      { type: 'text', text: ' and then' },
    ]);
    expect(parse(['<tool>list_servers</tool>'])).toEqual([
      { type: 'call', syntax: 'tags', name: 'list_servers', input: {} },
    ]);
    expect(parse(['<tool>f</tool><params>```json\n{"a": 1}\n```</params>'])).toEqual([
      { type: 'call', syntax: 'tags', name: 'f', input: { a: 1 } },
    ]);
  });

  it('handles a reply cut off inside a call', () => {
    expect(parse(['<tool>f</tool><params>{"a": 1}'])).toEqual([
      { type: 'call', syntax: 'tags', name: 'f', input: { a: 1 } },
    ]);
    expect(parse(['<tool>f</tool><params>{"a": '])).toEqual([
      {
        type: 'call',
        syntax: 'tags',
        name: 'f',
        input: {
          __parse_error:
            'params were not closed with </params>. Write one JSON object between <params> and </params>.',
          raw: '{"a": ',
        },
      },
    ]);
    expect(parse(['<tool>f</tool><par'])).toEqual([
      {
        type: 'call',
        syntax: 'tags',
        name: 'f',
        input: { __parse_error: 'the reply ended inside <params>', raw: '<par' },
      },
    ]);
    expect(parse(['text <tool>unfinished'])).toEqual([{ type: 'text', text: 'text <tool>unfinished' }]);
  });

  it('treats a <tool> with no closing tag nearby as prose', () => {
    const prose = `Use the <tool> tag ${'x'.repeat(200)}`;
    expect(parse([prose])).toEqual([{ type: 'text', text: prose }]);
  });

  it('parses Qwen-style calls, several per reply, with text around them', () => {
    const reply =
      'Checking.\n<tool_call>\n{"name": "calc", "arguments": {"a": 5}}\n</tool_call>\n<tool_call>{"name": "store", "arguments": "{\\"key\\": \\"k\\"}"}</tool_call> ok';
    expect(parse([...reply])).toEqual([
      { type: 'text', text: 'Checking.\n' },
      { type: 'call', syntax: 'qwen', name: 'calc', input: { a: 5 } },
      { type: 'text', text: '\n' },
      { type: 'call', syntax: 'qwen', name: 'store', input: { key: 'k' } },
      { type: 'text', text: ' ok' },
    ]);
  });

  it('accepts Qwen-style "parameters" and reports unreadable Qwen-style calls', () => {
    expect(parse(['<tool_call>{"name": "f", "parameters": {"a": 1}}</tool_call>'])).toEqual([
      { type: 'call', syntax: 'qwen', name: 'f', input: { a: 1 } },
    ]);
    const [broken] = parse(['<tool_call>{"name": "calc", "arguments": {"a": }</tool_call>']);
    expect(broken).toMatchObject({
      type: 'call',
      syntax: 'qwen',
      name: 'calc',
      input: { raw: '{"name": "calc", "arguments": {"a": }' },
    });
    expect((broken as { input: { __parse_error: string } }).input.__parse_error).toMatch(
      /^tool_call is not valid JSON/,
    );
    expect(parse(['<tool_call>{"arguments": {}}</tool_call>'])).toEqual([
      {
        type: 'call',
        syntax: 'qwen',
        name: 'unknown_tool',
        input: { __parse_error: 'tool_call has no "name" string', raw: '{"arguments": {}}' },
      },
    ]);
    expect(parse(['<tool_call>{"name": "f", "arguments": 3}</tool_call>'])).toEqual([
      {
        type: 'call',
        syntax: 'qwen',
        name: 'f',
        input: {
          __parse_error: 'tool_call "arguments" must be a JSON object, not a number',
          raw: '{"name": "f", "arguments": 3}',
        },
      },
    ]);
  });
});
