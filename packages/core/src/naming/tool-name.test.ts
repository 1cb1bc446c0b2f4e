import { describe, expect, it } from 'vitest';
import {
  MAX_TOOL_NAME_LENGTH,
  prefixedToolName,
  sanitizeToolNamePart,
  shortenToolName,
  toolIdentity,
} from './tool-name.ts';

describe('sanitizeToolNamePart', () => {
  it('keeps provider-safe characters and case', () => {
    expect(sanitizeToolNamePart('get-Weather_2')).toBe('get-Weather_2');
  });

  it('replaces runs of other characters with one underscore', () => {
    expect(sanitizeToolNamePart('files.read  all')).toBe('files_read_all');
    expect(sanitizeToolNamePart('查询')).toBe('tool');
  });
});

describe('prefixedToolName', () => {
  it('builds {server}_{protocol}_{tool}', () => {
    expect(prefixedToolName('weather', 'mcp', 'get_forecast')).toBe('weather_mcp_get_forecast');
    expect(prefixedToolName('autoui', 'webmcp', 'widget_display')).toBe('autoui_webmcp_widget_display');
  });

  it('shortens a long name deterministically, keeping a readable prefix', () => {
    const tool = `fetch_${'very_long_segment_'.repeat(5)}end`.slice(0, 100).padEnd(100, 'x');
    expect(tool).toHaveLength(100);
    const name = prefixedToolName('weather', 'mcp', tool);
    expect(name.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
    expect(name).toMatch(/^weather_mcp_fetch_very_long_segment_[a-z_]*_[0-9a-z]{8}$/);
    expect(prefixedToolName('weather', 'mcp', tool)).toBe(name);
    expect(name).toMatch(/^[a-zA-Z0-9_-]+$/);
  });

  it('gives different names to long tools sharing a prefix', () => {
    const base = 'x'.repeat(80);
    expect(prefixedToolName('s', 'mcp', `${base}_a`)).not.toBe(prefixedToolName('s', 'mcp', `${base}_b`));
  });
});

describe('shortenToolName', () => {
  it('never ends the prefix with a separator before the hash', () => {
    const name = shortenToolName(`${'a'.repeat(54)}__${'b'.repeat(20)}`, 'id');
    expect(name).not.toMatch(/__/);
    expect(name.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
  });

  it('hashes the identity, not the visible name', () => {
    expect(shortenToolName('n', toolIdentity('s', 'mcp', 'a.b'))).not.toBe(
      shortenToolName('n', toolIdentity('s', 'mcp', 'a b')),
    );
  });
});
