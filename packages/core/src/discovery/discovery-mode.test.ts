import { describe, expect, it } from 'vitest';
import { checkDiscoveryOptions, resolveDiscoveryMode } from './discovery-mode.ts';

describe('resolveDiscoveryMode', () => {
  it('switches to global above the threshold', () => {
    expect(resolveDiscoveryMode(8)).toBe('per-server');
    expect(resolveDiscoveryMode(9)).toBe('global');
    expect(resolveDiscoveryMode(3, { globalThreshold: 2 })).toBe('global');
    expect(resolveDiscoveryMode(2, { globalThreshold: 2 })).toBe('per-server');
  });

  it('can be forced either way', () => {
    expect(resolveDiscoveryMode(1, { mode: 'global' })).toBe('global');
    expect(resolveDiscoveryMode(500, { mode: 'per-server' })).toBe('per-server');
  });
});

describe('checkDiscoveryOptions', () => {
  it('rejects settings that cannot work', () => {
    expect(() => checkDiscoveryOptions({ globalThreshold: -1 })).toThrow(/whole number/);
    expect(() => checkDiscoveryOptions({ mode: 'everything' as never })).toThrow(/auto/);
    expect(() => checkDiscoveryOptions({ mode: 'global', globalThreshold: 0 })).not.toThrow();
  });
});
