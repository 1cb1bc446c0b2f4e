import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { ApprovalRule } from '@switchboard/core';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsProxy } from './support/cors-proxy.ts';
import { hasChromium } from './support/launch-chromium.ts';
import {
  appFrames,
  expectAppContained,
  probeScript,
  recordSandboxCsp,
} from './support/mcp-app-containment.ts';
import type { McpAppStack } from './support/mcp-app-stack.ts';
import { startMcpAppStack } from './support/mcp-app-stack.ts';
import type { ServedApp } from './support/serve-built-app.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The page's scripted model: it calls the remote app tool, then answers. */
const CLOCK_SCRIPT = {
  turns: [
    {
      text: 'Let me open the server clock.',
      toolCalls: [{ id: 'call_time', name: 'apps_mcp_get-time', input: {} }],
    },
    { text: 'The clock is on your canvas.' },
  ],
};

/** How a test changes the server's `resources/read` answer on its way to the page (JSON or SSE text). */
type ResourceRewrite = (body: string) => string;

/** Adds the hostile probe to the app's HTML, inside the JSON string that carries it. */
const injectProbe =
  (blockedUrl: string): ResourceRewrite =>
  (body) =>
    body.replace('</head>', `${JSON.stringify(probeScript(blockedUrl)).slice(1, -1)}</head>`);

/** Makes the resource something other than an MCP App. */
const breakMimeType: ResourceRewrite = (body) => body.replaceAll('text/html;profile=mcp-app', 'text/plain');

describe.skipIf(!hasChromium)('MCP Apps of remote servers in standalone mode (Chromium)', () => {
  let stack: McpAppStack;
  let app: ServedApp;
  let browser: Browser;
  let proxy: { url: string; server: Server };

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    stack = await startMcpAppStack();
    ({ app, browser } = stack);
    proxy = await corsProxy(stack.appServer.url);
  });

  afterAll(async () => {
    await stack?.close();
    await new Promise((resolve) => proxy?.server.close(resolve));
  });

  /**
   * Opens the app in standalone mode with the scripted model and the published server as a remote
   * server (behind the CORS proxy). Requests to anything but the app, its sandbox and the proxy are
   * refused and recorded; the JSON-RPC methods sent to the proxy are recorded too.
   */
  async function open(options: { rewrite: ResourceRewrite; approvalRules?: ApprovalRule[] }): Promise<{
    page: Page;
    foreign: string[];
    serverMethods: string[];
    sandboxCsp: string[];
  }> {
    const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    context.setDefaultTimeout(20_000);
    const appOrigin = new URL(app.url).origin;
    const sandboxOrigin = `http://localhost:${app.port}`;
    const proxyOrigin = new URL(proxy.url).origin;
    const config = {
      mcpServers: [{ name: 'apps', url: proxy.url }],
      approvalRules: options.approvalRules ?? [],
    };
    const foreign: string[] = [];
    const serverMethods: string[] = [];
    const toServer = async (route: Route) => {
      const method = (route.request().postDataJSON() as { method?: string } | null)?.method;
      if (method) serverMethods.push(method);
      if (method !== 'resources/read') return route.continue();
      const response = await route.fetch();
      return route.fulfill({ response, body: options.rewrite(await response.text()) });
    };
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      const { origin, pathname } = new URL(url);
      if (origin === appOrigin && pathname.endsWith('/config.json')) return route.fulfill({ json: config });
      if (origin === appOrigin || origin === sandboxOrigin) return route.continue();
      if (origin === proxyOrigin) return toServer(route);
      foreign.push(url);
      return route.abort();
    });
    await context.addInitScript(`window.__SWITCHBOARD_SCRIPT__ = ${JSON.stringify(CLOCK_SCRIPT)};`);
    const page = await context.newPage();
    const sandboxCsp = recordSandboxCsp(page);
    await page.goto(`${app.url}?mode=standalone`);
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await page.getByRole('tab', { name: /Agent console/ }).click();
    return { page, foreign, serverMethods, sandboxCsp };
  }

  async function ask(page: Page): Promise<void> {
    await page.getByLabel('Message').fill('What time is it on the server?');
    await page.getByLabel('Message').press('Enter');
  }

  it("renders the remote server's app in the sandboxed double iframe, contained like in gateway mode", async () => {
    const { page, foreign, serverMethods, sandboxCsp } = await open({ rewrite: injectProbe(proxy.url) });
    await ask(page);
    const { proxy: proxyFrame, inner } = await appFrames(page);

    // The app's HTML, read through the page's connection, got the model's tool result.
    await expect(inner.title()).resolves.toBe('Get Time App');
    await inner.waitForFunction(() =>
      /^\d{4}-\d{2}-\d{2}T/.test(document.getElementById('server-time')?.textContent ?? ''),
    );
    await expect(inner.locator('#server-time').textContent()).resolves.toMatch(ISO_TIME);
    await page.locator('[data-role="assistant"]', { hasText: 'clock is on your canvas' }).waitFor();
    await page.waitForSelector('.app[data-running="false"]');
    await expect(page.locator('[data-widget-type="mcp-app"]').count()).resolves.toBe(1);
    expect(serverMethods.filter((method) => method === 'resources/read')).toHaveLength(1);

    await expectAppContained({
      page,
      proxy: proxyFrame,
      inner,
      appPort: app.port,
      blockedUrl: proxy.url,
      sandboxCsp,
    });
    expect(serverMethods.filter((method) => method === 'tools/call')).toHaveLength(1);
    expect(foreign).toEqual([]);
    await expect(page.locator('.problem').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}standalone-mcp-app.png` });
  });

  it("runs the app's tools/call on the remote server, after the approval the policy asks for", async () => {
    const { page, foreign, serverMethods } = await open({
      rewrite: (body) => body,
      approvalRules: [{ match: 'apps:get-time', action: 'ask' }],
    });
    const toolCalls = () => serverMethods.filter((method) => method === 'tools/call').length;
    await ask(page);
    // The model's own call asks first; the app shows once it has run.
    await page.getByRole('button', { name: 'Approve' }).click();
    const { inner } = await appFrames(page);
    await page.waitForSelector('.app[data-running="false"]');
    expect(toolCalls()).toBe(1);

    await inner.getByRole('button', { name: 'Get Server Time' }).click();
    await page.waitForSelector('[data-testid="approval-dialog"]');
    await expect(page.getByTestId('approval-dialog').textContent()).resolves.toContain('apps:get-time');
    await page.getByRole('button', { name: 'Deny' }).click();
    await inner.waitForFunction(() => document.getElementById('server-time')?.textContent === '[ERROR]');
    expect(toolCalls()).toBe(1);

    await inner.getByRole('button', { name: 'Get Server Time' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await inner.waitForFunction(() =>
      /^\d{4}-/.test(document.getElementById('server-time')?.textContent ?? ''),
    );
    expect(toolCalls()).toBe(2);
    expect(foreign).toEqual([]);
  });

  it('shows a notice on the canvas, not an app, when the resource is not an MCP App', async () => {
    const { page, foreign } = await open({ rewrite: breakMimeType });
    await ask(page);
    await page.locator('[data-role="assistant"]', { hasText: 'clock is on your canvas' }).waitFor();
    await page.waitForSelector('.app[data-running="false"]');
    const notice = page.locator('[data-widget-type="alert"]');
    await expect(notice.textContent()).resolves.toMatch(
      /The app of apps_mcp_get-time could not be shown[\s\S]*MIME type "text\/plain"/,
    );
    await expect(page.locator('[data-testid="mcp-app-frame"]').count()).resolves.toBe(0);
    await expect(page.locator('.problem').count()).resolves.toBe(0);
    expect(foreign).toEqual([]);
  });
});
