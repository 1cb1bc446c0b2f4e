import { describe, expect, it } from 'vitest';
import { sanitizeServerName } from './sanitize-server-name.ts';

describe('sanitizeServerName', () => {
  it('lowercases and replaces non-alphanumerics with one underscore per run', () => {
    expect(sanitizeServerName('My Weather API!')).toBe('my_weather_api');
    expect(sanitizeServerName('open--data...fr')).toBe('open_data_fr');
  });

  it('trims leading and trailing underscores', () => {
    expect(sanitizeServerName('__Tricoteuses__')).toBe('tricoteuses');
    expect(sanitizeServerName(' (beta) server ')).toBe('beta_server');
  });

  it('collapses runs of underscores already present', () => {
    expect(sanitizeServerName('a___b')).toBe('a_b');
  });

  it('falls back to "server" when nothing is left', () => {
    expect(sanitizeServerName('')).toBe('server');
    expect(sanitizeServerName('!!!')).toBe('server');
    expect(sanitizeServerName('天气')).toBe('server');
  });

  it('keeps an inner _mcp_ (parsing never relies on it)', () => {
    expect(sanitizeServerName('foo_mcp_bar')).toBe('foo_mcp_bar');
  });
});
