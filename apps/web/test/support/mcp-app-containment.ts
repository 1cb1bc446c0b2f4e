import { buildMcpAppCsp, sandboxProxyCsp } from '@switchboard/autoui';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { EVIL_HOST } from './xss-corpus.ts';

/** What the hostile probe found out from inside the app's frame. */
export interface Probe {
  violations: string[];
  parentDocument: string;
  topDocument: string;
  parentPwned: string;
  topPwned: string;
  storage: string;
  fetch: string;
  image: string;
}

/**
 * A hostile script to add to an app's HTML: it tries to read the host page and the sandbox proxy, to
 * set `window.__pwned` on them, to read storage, and to reach `blockedUrl` (the MCP server) and a
 * foreign host.
 */
export function probeScript(blockedUrl: string): string {
  return `<script>
(() => {
  const probe = { violations: [] };
  window.__probe = probe;
  window.addEventListener('securitypolicyviolation', (event) =>
    probe.violations.push(event.violatedDirective + ' ' + event.blockedURI));
  const attempt = (name, read) => {
    try { probe[name] = 'read: ' + String(read()); } catch (error) { probe[name] = 'blocked: ' + error.name; }
  };
  attempt('parentDocument', () => parent.document.title);
  attempt('topDocument', () => top.document.title);
  attempt('parentPwned', () => { parent.__pwned = 'mcp-app'; return parent.__pwned; });
  attempt('topPwned', () => { top.__pwned = 'mcp-app'; return top.__pwned; });
  attempt('storage', () => localStorage.length);
  fetch(${JSON.stringify(blockedUrl)}, { method: 'POST', body: '{}' })
    .then(() => { probe.fetch = 'reached'; }, (error) => { probe.fetch = 'blocked: ' + error.name; });
  const image = new Image();
  image.onload = () => { probe.image = 'loaded'; };
  image.onerror = () => { probe.image = 'blocked'; };
  image.src = 'https://${EVIL_HOST}/pixel.gif';
})();
</script>`;
}

/** An app's HTML with the {@link probeScript} at the end of its head. */
export function withProbe(html: string, blockedUrl: string): string {
  return html.replace('</head>', `${probeScript(blockedUrl)}</head>`);
}

/** Records the `Content-Security-Policy` header of every sandbox proxy page the page loads. */
export function recordSandboxCsp(page: Page): string[] {
  const headers: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('mcp-app-sandbox.html'))
      headers.push(response.headers()['content-security-policy'] ?? '');
  });
  return headers;
}

/** The sandbox proxy frame of the page's (first) MCP App, and the app's frame inside it. */
export async function appFrames(page: Page): Promise<{ proxy: Frame; inner: Frame }> {
  await page.waitForSelector('[data-testid="mcp-app-frame"][data-ready="true"]');
  const proxy = await (await page.locator('[data-testid="mcp-app-frame"]').elementHandle())?.contentFrame();
  const inner = proxy?.childFrames()[0];
  if (!proxy || !inner) throw new Error('the MCP App frames are missing');
  return { proxy, inner };
}

/**
 * Asserts that an app carrying the {@link probeScript} is contained: the proxy on `localhost` (not the
 * page's `127.0.0.1`) and only framable by loopback pages (`sandboxCsp`, from {@link recordSandboxCsp}),
 * the app in an opaque origin under the app CSP, and the probe could reach neither the page nor the
 * proxy, nor `blockedUrl`, nor the foreign host.
 */
export async function expectAppContained(options: {
  page: Page;
  proxy: Frame;
  inner: Frame;
  appPort: number;
  blockedUrl: string;
  sandboxCsp: string[];
}): Promise<void> {
  const { page, proxy, inner, appPort, blockedUrl } = options;
  expect(new URL(proxy.url()).origin).toBe(`http://localhost:${appPort}`);
  expect(new URL(page.url()).origin).toBe(`http://127.0.0.1:${appPort}`);
  expect(options.sandboxCsp).toEqual([sandboxProxyCsp(['http://localhost:*', 'http://127.0.0.1:*'])]);
  await expect(page.locator('[data-testid="mcp-app-frame"]').getAttribute('sandbox')).resolves.toBe(
    'allow-scripts allow-same-origin',
  );
  await expect(proxy.locator('iframe').getAttribute('sandbox')).resolves.toBe('allow-scripts');
  await expect(inner.evaluate(() => window.origin)).resolves.toBe('null');
  await expect(
    inner.evaluate(() =>
      document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
    ),
  ).resolves.toBe(buildMcpAppCsp());

  await inner.waitForFunction(() => {
    const probe = (window as unknown as { __probe?: Probe }).__probe;
    return Boolean(probe?.fetch && probe.image);
  });
  const probe = await inner.evaluate(() => (window as unknown as { __probe: Probe }).__probe);
  expect(probe).toMatchObject({
    parentDocument: 'blocked: SecurityError',
    topDocument: 'blocked: SecurityError',
    parentPwned: 'blocked: SecurityError',
    topPwned: 'blocked: SecurityError',
    storage: 'blocked: SecurityError',
    fetch: 'blocked: TypeError',
    image: 'blocked',
  });
  expect(probe.violations).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(`^connect-src ${blockedUrl.replace(/[/.]/g, '\\$&')}`)),
      expect.stringMatching(new RegExp(`^img-src https://${EVIL_HOST.replace('.', '\\.')}`)),
    ]),
  );
  await expect(
    page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
  ).resolves.toBeUndefined();
  await expect(
    proxy.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
  ).resolves.toBeUndefined();
}
