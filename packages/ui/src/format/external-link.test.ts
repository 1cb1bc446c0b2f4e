import { describe, expect, it } from 'vitest';
import { externalLink } from './external-link.ts';

describe('externalLink', () => {
  it('offers http(s) links with their host', () => {
    expect(externalLink('https://auth.example.com/approve?code=1')).toEqual({
      href: 'https://auth.example.com/approve?code=1',
      host: 'auth.example.com',
    });
    expect(externalLink('http://127.0.0.1:8080/x')).toEqual({
      href: 'http://127.0.0.1:8080/x',
      host: '127.0.0.1:8080',
    });
  });

  it('shows the real host: no credentials posing as one, international names in punycode', () => {
    expect(externalLink('https://bank.example.com@evil.test/login')).toEqual({
      href: 'https://evil.test/login',
      host: 'evil.test',
    });
    expect(externalLink('https://аpple.com/')?.host).toBe('xn--pple-43d.com');
  });

  it('refuses anything else', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
      '/relative',
      'nope',
      42,
      undefined,
    ])
      expect(externalLink(url)).toBeUndefined();
  });
});
