import { describe, expect, it } from 'vitest';
import { bindMessage } from './bind-message.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('bindMessage', () => {
  it('writes the wire protocol’s Bind message: text parameters, a null, UTF-8', () => {
    expect(hex(bindMessage('s1', ['ab', null, 'é']))).toBe(
      [
        '42', // Bind
        '0000001e', // length: 30 bytes, itself included
        '00', // the unnamed portal
        '733100', // "s1"
        '0000', // no parameter format codes
        '0003', // three parameters
        '00000002' + '6162', // "ab"
        'ffffffff', // NULL
        '00000002' + 'c3a9', // "é"
        '0000', // no result format codes
      ].join(''),
    );
  });

  it('sizes characters outside the Basic Multilingual Plane and empty values', () => {
    const message = bindMessage('s', ['🙂', '']);
    expect(hex(message.subarray(-14))).toBe(`00000004${hex(new TextEncoder().encode('🙂'))}000000000000`);
    expect(new DataView(message.buffer, message.byteOffset).getInt32(1)).toBe(message.length - 1);
  });
});
