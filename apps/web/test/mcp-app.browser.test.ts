import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { McpAppWidgetData } from '@switchboard/autoui';
import { buildMcpAppCsp, createAutoUiServer, McpAppPresenter, sandboxProxyCsp } from '@switchboard/autoui';
import type { AgentEvent, ToolCall } from '@switchboard/core';
import { createScriptedModel, McpConnection, runAgentLoop, ToolCatalog } from '@switchboard/core';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGateway } from './browser/fake-gateway.ts';
import { fakeGateway } from './browser/fake-gateway.ts';
import { hasChromium, launchChromium } from './browser/launch-chromium.ts';
import type { ServedApp } from './browser/serve-built-app.ts';
import { serveBuiltApp } from './browser/serve-built-app.ts';
import type { PublishedAppServer } from './browser/start-published-app-server.ts';
import { startPublishedAppServer } from './browser/start-published-app-server.ts';
import { EVIL_HOST } from './browser/xss-corpus.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A hostile script added to the app's HTML: it tries to read the host page and the sandbox proxy, to
 * set `window.__pwned` on them, to read storage, and to reach the MCP server and a foreign host.
 */
function probeScript(blockedUrl: string): string {
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

interface Probe {
  violations: string[];
  parentDocument: string;
  topDocument: string;
  parentPwned: string;
  topPwned: string;
  storage: string;
  fetch: string;
  image: string;
}

describe.skipIf(!hasChromium)('MCP Apps in the web app (Chromium, gateway mode)', () => {
  let app: ServedApp;
  let browser: Browser;
  let appServer: PublishedAppServer;
  let connection: McpConnection;
  let turn: AgentEvent[];
  let toolCall: ToolCall;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [app, browser, appServer] = await Promise.all([
      serveBuiltApp(),
      launchChromium(),
      startPublishedAppServer(),
    ]);
    connection = new McpConnection({
      name: 'apps',
      transport: { type: 'http', url: appServer.url },
      timeoutMs: 10_000,
    });
    const layer = await connection.layer();
    const layers = [layer, createAutoUiServer().layer()];
    // What the gateway does for a turn: run the loop, and show the MCP App of the tool it called.
    turn = [];
    const presenter = new McpAppPresenter({
      catalog: new ToolCatalog(layers),
      readResource: async (_server, uri) => {
        const read = await connection.readResource(uri);
        const [content] = read.contents;
        const html = 'text' in content ? content.text : '';
        return {
          contents: [{ ...content, text: html.replace('</head>', `${probeScript(appServer.url)}</head>`) }],
        };
      },
      emit: (event) => turn.push(event),
      onError: (error) => {
        throw error;
      },
    });
    const result = await runAgentLoop('What time is it on the server?', {
      provider: createScriptedModel([
        {
          text: 'Let me open the server clock.',
          toolCalls: [
            { id: 'call_time', name: 'apps_mcp_get-time', input: {} },
            {
              id: 'call_stat',
              name: 'autoui_webmcp_widget_display',
              input: { name: 'stat', params: { label: 'Clock checks', value: 1 } },
            },
          ],
        },
        { text: 'The clock is on your canvas.' },
      ]),
      layers,
      mcpClients: new Map([['apps', connection]]),
      callbacks: {
        onEvent: (event) => {
          turn.push(event);
          presenter.observe(event);
        },
      },
    });
    await presenter.settled();
    [toolCall] = result.toolCalls;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
    await connection?.close();
    await appServer?.stop();
  });

  /** Opens the app in gateway mode; requests to anything but the app and its sandbox are refused and recorded. */
  async function open(): Promise<{
    page: Page;
    gateway: FakeGateway;
    foreign: string[];
    sandboxCsp: string[];
  }> {
    const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    context.setDefaultTimeout(10_000);
    contexts.push(context);
    const appOrigin = new URL(app.url).origin;
    const sandboxOrigin = `http://localhost:${app.port}`;
    const layer = await connection.layer();
    const gateway = fakeGateway({
      turn: () => turn,
      servers: [{ id: 'srv_apps', name: 'apps', tools: layer.tools }],
      policy: { rules: [{ match: 'apps:get-time', action: 'ask' }] },
      callTool: async (call) => {
        const output = await connection.callTool(call.name, call.arguments, {
          signal: AbortSignal.timeout(10_000),
        });
        return { content: output.text, is_error: output.isError, structured: output.value };
      },
    });
    const foreign: string[] = [];
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      const { origin } = new URL(url);
      if (origin === sandboxOrigin) return route.continue();
      if (origin === appOrigin) return (await gateway.handle(route)) ? undefined : route.continue();
      foreign.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    const sandboxCsp: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('mcp-app-sandbox.html'))
        sandboxCsp.push(response.headers()['content-security-policy'] ?? '');
    });
    await page.goto(app.url);
    await page.waitForSelector('.app[data-ready="true"]');
    return { page, gateway, foreign, sandboxCsp };
  }

  /** The sandbox proxy frame and the app's frame inside it. */
  async function appFrames(page: Page): Promise<{ proxy: Frame; inner: Frame }> {
    await page.waitForSelector('[data-testid="mcp-app-frame"][data-ready="true"]');
    const proxy = await (await page.locator('[data-testid="mcp-app-frame"]').elementHandle())?.contentFrame();
    const inner = proxy?.childFrames()[0];
    if (!proxy || !inner) throw new Error('the MCP App frames are missing');
    return { proxy, inner };
  }

  it('renders the published server-basic-vanillajs app in a sandboxed double iframe, beside the chat', async () => {
    expect(toolCall).toMatchObject({
      name: 'apps_mcp_get-time',
      structuredContent: { time: expect.stringMatching(ISO_TIME) },
    });
    const widget = turn.find(
      (event) =>
        event.type === 'CUSTOM' &&
        event.name === 'widget' &&
        (event.value as { type: string }).type === 'mcp-app',
    );
    expect((widget as { value: { data: McpAppWidgetData } }).value.data).toMatchObject({
      resourceUri: 'ui://get-time/mcp-app.html',
      server: 'apps',
      toolName: 'get-time',
    });

    const { page, gateway, foreign, sandboxCsp } = await open();
    await page.getByLabel('Message').fill('What time is it on the server?');
    await page.getByLabel('Message').press('Enter');
    const { proxy, inner } = await appFrames(page);

    // The app's HTML is in the inner frame, and got the tool result through ui/notifications/tool-result.
    await expect(inner.title()).resolves.toBe('Get Time App');
    await inner.waitForFunction(
      (time) => document.getElementById('server-time')?.textContent === time,
      (toolCall.structuredContent as { time: string }).time,
    );
    await expect(page.locator('[data-role="assistant"]').first().textContent()).resolves.toContain(
      'open the server clock',
    );
    await expect(page.locator('[data-widget-type="stat"]').textContent()).resolves.toContain('Clock checks');

    // Two frames, two origins: the proxy on localhost (not the app's 127.0.0.1), the app in an opaque origin.
    expect(new URL(proxy.url()).origin).toBe(`http://localhost:${app.port}`);
    expect(new URL(page.url()).origin).toBe(`http://127.0.0.1:${app.port}`);
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
    expect(sandboxCsp).toEqual([sandboxProxyCsp(['http://localhost:*', 'http://127.0.0.1:*'])]);

    // The probe could reach neither the page nor the proxy, nor the network.
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
        expect.stringMatching(new RegExp(`^connect-src ${appServer.url.replace(/[/.]/g, '\\$&')}`)),
        expect.stringMatching(new RegExp(`^img-src https://${EVIL_HOST.replace('.', '\\.')}`)),
      ]),
    );
    await expect(
      page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
    ).resolves.toBeUndefined();
    await expect(
      proxy.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
    ).resolves.toBeUndefined();
    expect(foreign).toEqual([]);
    expect(gateway.toolCalls).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}mcp-app.png` });
  });

  it("proxies the app's tools/call through the host, after the approval the policy asks for", async () => {
    const { page, gateway, foreign } = await open();
    await page.getByLabel('Message').fill('What time is it on the server?');
    await page.getByLabel('Message').press('Enter');
    const { inner } = await appFrames(page);

    await inner.getByRole('button', { name: 'Get Server Time' }).click();
    await page.waitForSelector('[data-testid="approval-dialog"]');
    await expect(page.getByTestId('approval-dialog').textContent()).resolves.toContain('apps:get-time');
    expect(gateway.toolCalls).toEqual([]);
    await page.getByRole('button', { name: 'Deny' }).click();
    await inner.waitForFunction(() => document.getElementById('server-time')?.textContent === '[ERROR]');
    expect(gateway.toolCalls).toEqual([]);

    await inner.getByRole('button', { name: 'Get Server Time' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await inner.waitForFunction(() =>
      /^\d{4}-/.test(document.getElementById('server-time')?.textContent ?? ''),
    );
    expect(gateway.toolCalls).toEqual([{ server: 'srv_apps', name: 'get-time', arguments: {} }]);
    expect(foreign).toEqual([]);
  });
});
