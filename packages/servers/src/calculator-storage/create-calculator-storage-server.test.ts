import { describe, expect, it } from 'vitest';
import { createCalculatorStorageServer } from './create-calculator-storage-server.ts';

describe('the calculator and storage server', () => {
  it.each([
    ['add', 5, 3, '8'],
    ['subtract', 5, 3, '2'],
    ['multiply', 5, 3, '15'],
    ['divide', 10, 2, '5'],
  ])('calculates %s(%d, %d) = %s', async (operation, a, b, expected) => {
    const server = createCalculatorStorageServer();
    expect(await server.executeTool('calculate', { operation, a, b })).toBe(expected);
  });

  it('gives each tool a human title', () => {
    const tools = createCalculatorStorageServer().layer().tools;
    expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.title]))).toEqual({
      calculate: 'Calculate',
      'set-storage': 'Store a value',
      'get-storage': 'Read a stored value',
    });
  });

  it('refuses division by zero with a clear error', async () => {
    const server = createCalculatorStorageServer();
    await expect(server.executeTool('calculate', { operation: 'divide', a: 1, b: 0 })).rejects.toThrow(
      'Division by zero',
    );
  });

  it('refuses non-numbers and unknown operations', async () => {
    const server = createCalculatorStorageServer();
    await expect(server.executeTool('calculate', { operation: 'add', a: 'five', b: 3 })).rejects.toThrow(
      '/a must be number',
    );
    await expect(server.executeTool('calculate', { operation: 'modulo', a: 1, b: 3 })).rejects.toThrow(
      'must be one of',
    );
  });

  it('stores a value, reads it back through the tool and the storage:// resource', async () => {
    const server = createCalculatorStorageServer();
    expect(await server.executeTool('set-storage', { key: 'greeting', value: 'hello' })).toBe(
      'Stored value at key: greeting',
    );
    expect(await server.executeTool('get-storage', { key: 'greeting' })).toBe('hello');
    expect(await server.readResource('storage://greeting')).toEqual({
      contents: [{ uri: 'storage://greeting', mimeType: 'text/plain', text: 'hello' }],
    });
  });

  it('answers "Key not found" for a missing key', async () => {
    const server = createCalculatorStorageServer();
    expect((await server.readResource('storage://nonexistent')).contents[0].text).toBe('Key not found');
    expect(await server.executeTool('get-storage', { key: 'nonexistent' })).toBe('Key not found');
  });

  it('keeps storage per server instance', async () => {
    const first = createCalculatorStorageServer();
    const second = createCalculatorStorageServer();
    await first.executeTool('set-storage', { key: 'k', value: 'v' });
    expect(await second.executeTool('get-storage', { key: 'k' })).toBe('Key not found');
  });
});
