import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it.each([
    ['redis://:s3cret@cache.internal:6379/2', 'redis://[redacted]@cache.internal:6379/2'],
    ['rediss://default:s3cret@cache.example.com:6380', 'rediss://[redacted]@cache.example.com:6380'],
    ['redis://s3cret@cache.internal', 'redis://[redacted]@cache.internal'],
    ['redis://cache.internal:6379?password=s3cret&db=1', 'redis://cache.internal:6379?[redacted]'],
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    [
      'postgres://app:s3cret@db.internal:5432/switchboard',
      'postgres://[redacted]@db.internal:5432/switchboard',
    ],
  ])('shows %s as %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });

  it('redacts text that is not a URL whole', () => {
    expect(redactUrl('s3cret@cache internal')).toBe('[redacted]');
  });
});
