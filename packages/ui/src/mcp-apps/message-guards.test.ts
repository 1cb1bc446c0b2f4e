import { describe, expect, it } from 'vitest';
import { isJsonRpcMessage, isMessageFrom, methodOf } from './message-guards.ts';

const sandboxWindow = { name: 'sandbox' } as unknown as MessageEventSource;
const otherWindow = { name: 'other' } as unknown as MessageEventSource;
const SANDBOX = 'http://localhost:4173';

describe('isMessageFrom', () => {
  it('accepts only the expected window with the expected origin', () => {
    expect(isMessageFrom({ source: sandboxWindow, origin: SANDBOX, data: {} }, sandboxWindow, SANDBOX)).toBe(
      true,
    );
  });

  it.each([
    ['another window with the right origin', otherWindow, SANDBOX],
    ['the right window with another origin', sandboxWindow, 'http://127.0.0.1:4173'],
    ['the right window with an opaque origin', sandboxWindow, 'null'],
    ['no window at all', null, SANDBOX],
  ])('rejects %s', (_case, source, origin) => {
    expect(isMessageFrom({ source, origin, data: {} }, sandboxWindow, SANDBOX)).toBe(false);
  });

  it('rejects everything while the expected window does not exist (frame gone or not loaded)', () => {
    expect(isMessageFrom({ source: null, origin: SANDBOX, data: {} }, null, SANDBOX)).toBe(false);
    expect(isMessageFrom({ source: null, origin: SANDBOX, data: {} }, undefined, SANDBOX)).toBe(false);
  });
});

describe('isJsonRpcMessage', () => {
  it('recognizes requests, notifications and responses', () => {
    expect(isJsonRpcMessage({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} })).toBe(true);
    expect(isJsonRpcMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })).toBe(true);
    expect(isJsonRpcMessage({ jsonrpc: '2.0', id: 'a', result: {} })).toBe(true);
    expect(isJsonRpcMessage({ jsonrpc: '2.0', id: 2, error: { code: -1, message: 'x' } })).toBe(true);
  });

  it.each([
    ['a string', '{"jsonrpc":"2.0","method":"x"}'],
    ['another version', { jsonrpc: '1.0', method: 'x' }],
    ['a response without an id', { jsonrpc: '2.0', result: {} }],
    ['an array', [{ jsonrpc: '2.0', method: 'x' }]],
    ['null', null],
  ])('rejects %s', (_case, data) => {
    expect(isJsonRpcMessage(data)).toBe(false);
  });

  it('gives the method of requests and notifications only', () => {
    expect(methodOf({ jsonrpc: '2.0', method: 'ui/initialize', id: 1 })).toBe('ui/initialize');
    expect(methodOf({ jsonrpc: '2.0', id: 1, result: {} })).toBeUndefined();
  });
});
