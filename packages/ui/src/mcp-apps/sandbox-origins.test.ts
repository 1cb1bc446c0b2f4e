import { describe, expect, it } from 'vitest';
import { sandboxFrameUrl } from './sandbox-frame-url.ts';
import { sandboxHostOrigin } from './sandbox-host-origin.ts';
import { withContentSecurityPolicy } from './with-content-security-policy.ts';

const PAGE = 'http://127.0.0.1:4173';
const PROXY = 'http://localhost:4173/mcp-app-sandbox.html';

describe('sandboxFrameUrl', () => {
  it('points at the configured proxy page, naming the page origin', () => {
    expect(sandboxFrameUrl(PROXY, PAGE)).toEqual({
      ok: true,
      url: `${PROXY}?host=${encodeURIComponent(PAGE)}`,
      origin: 'http://localhost:4173',
    });
  });

  it('refuses a missing, same-origin or non-http proxy page', () => {
    expect(sandboxFrameUrl(undefined, PAGE)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/mcpAppSandboxUrl/),
    });
    expect(sandboxFrameUrl('/mcp-app-sandbox.html', PAGE)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/has this page's origin/),
    });
    expect(sandboxFrameUrl('javascript:alert(1)', PAGE)).toMatchObject({ ok: false });
  });
});

describe('sandboxHostOrigin', () => {
  const href = `${PROXY}?host=${encodeURIComponent(PAGE)}`;

  it('is the declared host when the embedding origin agrees', () => {
    expect(sandboxHostOrigin(href, [PAGE], '')).toBe(PAGE);
    expect(sandboxHostOrigin(href, undefined, `${PAGE}/`)).toBe(PAGE);
    expect(sandboxHostOrigin(href, undefined, '')).toBe(PAGE);
  });

  it('refuses a page that claims another origin than the one embedding the proxy', () => {
    expect(() => sandboxHostOrigin(href, ['https://evil.example'], '')).toThrow(
      /embedded by https:\/\/evil\.example/,
    );
    expect(() => sandboxHostOrigin(href, undefined, 'https://evil.example/page')).toThrow(/embedded by/);
  });

  it('refuses a missing or malformed host, and a host with the proxy own origin', () => {
    expect(() => sandboxHostOrigin(PROXY, [PAGE], '')).toThrow(/needs \?host=/);
    expect(() => sandboxHostOrigin(`${PROXY}?host=*`, [PAGE], '')).toThrow(/must be an http\(s\) origin/);
    expect(() =>
      sandboxHostOrigin(`${PROXY}?host=${encodeURIComponent(`${PAGE}/path`)}`, [PAGE], ''),
    ).toThrow(/must be an http\(s\) origin/);
    const sameOrigin = `${PROXY}?host=${encodeURIComponent('http://localhost:4173')}`;
    expect(() => sandboxHostOrigin(sameOrigin, ['http://localhost:4173'], '')).toThrow(/another origin/);
  });
});

describe('withContentSecurityPolicy', () => {
  const meta = '<meta http-equiv="Content-Security-Policy" content="default-src &quot;x&quot; &amp;">';

  it('puts the policy first: after a leading doctype, else at the very start', () => {
    expect(withContentSecurityPolicy('<!doctype html><script>1</script>', 'default-src "x" &')).toBe(
      `<!doctype html>${meta}<script>1</script>`,
    );
    expect(withContentSecurityPolicy('<script>1</script><!DOCTYPE html>', 'default-src "x" &')).toBe(
      `${meta}<script>1</script><!DOCTYPE html>`,
    );
  });
});
