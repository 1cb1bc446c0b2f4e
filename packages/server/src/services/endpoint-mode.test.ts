import { DEFAULT_GLOBAL_THRESHOLD } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { parseEndpointMode, resolveEndpointMode } from './endpoint-mode.ts';

describe('the /mcp mode of a connection', () => {
  it('follows the global-mode threshold unless the client names a mode', () => {
    expect(resolveEndpointMode(undefined, DEFAULT_GLOBAL_THRESHOLD)).toBe('aggregate');
    expect(resolveEndpointMode(undefined, DEFAULT_GLOBAL_THRESHOLD + 1)).toBe('discovery');
    expect(resolveEndpointMode('aggregate', 841)).toBe('aggregate');
    expect(resolveEndpointMode('discovery', 1)).toBe('discovery');
    expect(resolveEndpointMode(undefined, 3, 2)).toBe('discovery');
  });

  it('reads ?mode= and names the accepted values for anything else', () => {
    expect(parseEndpointMode(undefined)).toBeUndefined();
    expect(parseEndpointMode('auto')).toBeUndefined();
    expect(parseEndpointMode('discovery')).toBe('discovery');
    expect(String(parseEndpointMode('all'))).toContain('?mode=discovery, ?mode=aggregate');
  });
});
