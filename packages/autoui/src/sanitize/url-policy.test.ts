import { describe, expect, it } from 'vitest';
import { checkUrl, safeUrl } from './url-policy.ts';

describe('checkUrl', () => {
  it.each([
    ['https://upload.wikimedia.org/a.png', 'image'],
    ['http://wikipedia.org/wiki/Bern', 'link'],
    ['data:image/png;base64,iVBORw0KGgo=', 'image'],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'image'],
  ] as const)('accepts %s as %s', (url, kind) => {
    expect(checkUrl(url, kind).ok).toBe(true);
  });

  it.each([
    ['javascript:alert(1)', 'link', /scheme javascript/],
    ['  JaVaScRiPt:alert(1)', 'link', /scheme javascript/],
    ['vbscript:msgbox', 'link', /scheme/],
    ['data:text/html,<script>alert(1)</script>', 'image', /only data:image/],
    ['data:image/png;base64,iVBORw0KGgo=', 'link', /not allowed in links/],
    ['data:image/svg+xml,<svg onload=alert(1)>', 'image', /only data:image/],
    ['/relative/path.png', 'image', /not an absolute URL/],
    ['https://example.com/cat.png', 'image', /placeholder host example.com/],
    ['https://images.example.org/x.png', 'image', /placeholder host/],
    ['https://via.placeholder.com/150', 'image', /placeholder host/],
    ['https://user:pw@wikipedia.org/', 'link', /credentials/],
    [42, 'link', /not a string/],
  ] as const)('refuses %s as %s', (url, kind, reason) => {
    const check = checkUrl(url, kind);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(reason);
  });

  it('applies the image host allowlist to images only', () => {
    const policy = { imageHosts: ['*.wikimedia.org'] };
    expect(checkUrl('https://upload.wikimedia.org/a.png', 'image', policy).ok).toBe(true);
    expect(checkUrl('https://evil.net/a.png', 'image', policy)).toEqual({
      ok: false,
      reason: 'image host evil.net is not on the allowlist',
    });
    expect(checkUrl('https://evil.net/page', 'link', policy).ok).toBe(true);
    expect(checkUrl('data:image/gif;base64,R0lGOD==', 'image', policy).ok).toBe(true);
  });

  it('gives renderers the normalized URL or nothing', () => {
    expect(safeUrl(' https://wikipedia.org ', 'link')).toBe('https://wikipedia.org/');
    expect(safeUrl('javascript:void 0', 'link')).toBeUndefined();
  });
});
