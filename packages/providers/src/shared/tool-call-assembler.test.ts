import { describe, expect, it } from 'vitest';
import { createToolCallAssembler } from './tool-call-assembler.ts';

function ids() {
  let next = 0;
  return () => `generated_${++next}`;
}

describe('createToolCallAssembler', () => {
  it('keys pieces by index and keeps the order calls started in', () => {
    const assembler = createToolCallAssembler(ids());
    assembler.add({ index: 1, id: 'b', function: { name: 'second', arguments: '' } });
    assembler.add({ index: 0, id: 'a', function: { name: 'first', arguments: '{"x"' } });
    assembler.add({ index: 1, function: { arguments: '{}' } });
    assembler.add({ index: 0, function: { arguments: ':1}' } });
    expect(assembler.finish()).toEqual([
      { type: 'tool_call', id: 'b', name: 'second', input: {} },
      { type: 'tool_call', id: 'a', name: 'first', input: { x: 1 } },
    ]);
  });

  it('returns a delta for pieces with a name or arguments, and none for empty pieces', () => {
    const assembler = createToolCallAssembler(ids());
    expect(assembler.add({ index: 0, id: 'a', function: { name: 'f', arguments: '' } })).toEqual({
      type: 'tool_call_delta',
      id: 'a',
      name: 'f',
      argumentsDelta: '',
    });
    expect(assembler.add({ index: 0, function: {} })).toBeUndefined();
  });

  it('handles servers that omit index and send whole calls (older Ollama)', () => {
    const assembler = createToolCallAssembler(ids());
    assembler.add({ id: 'a', function: { name: 'f', arguments: '{"n":1}' } });
    assembler.add({ id: 'b', function: { name: 'g', arguments: '{"n":2}' } });
    expect(assembler.finish().map((event) => event.type === 'tool_call' && event.input)).toEqual([
      { n: 1 },
      { n: 2 },
    ]);
  });

  it('starts a new call when a new id arrives at an index in use', () => {
    const assembler = createToolCallAssembler(ids());
    assembler.add({ index: 0, id: 'a', function: { name: 'f', arguments: '{}' } });
    assembler.add({ index: 0, id: 'b', function: { name: 'g', arguments: '{}' } });
    expect(assembler.finish().map((event) => event.type === 'tool_call' && event.id)).toEqual(['a', 'b']);
  });

  it('generates ids for calls without one and keeps malformed arguments as the raw string', () => {
    const assembler = createToolCallAssembler(ids());
    assembler.add({ index: 0, function: { name: 'f', arguments: '{"a": ' } });
    expect(assembler.finish()).toEqual([
      { type: 'tool_call', id: 'generated_1', name: 'f', input: '{"a": ' },
    ]);
  });
});
