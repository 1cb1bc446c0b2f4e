import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { HttpServing } from '@switchboard/servers';
import { serveHttp, startCalculatorStorage } from '@switchboard/servers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../../packages/servers/test/oidc-authorization-server.ts';
import { corsProxy } from './browser/cors-proxy.ts';
import { hasChromium, launchChromium } from './browser/launch-chromium.ts';
import { type ServedApp, serveBuiltApp } from './browser/serve-built-app.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));
const CALCULATE_SCRIPT = {
  delayMs: 10,
  turns: [
    {
      text: 'Let me ask the remote calculator.',
      toolCalls: [{ name: 'calc_mcp_calculate', input: { operation: 'add', a: 5, b: 3 } }],
    },
    { text: 'The remote calculator answered.' },
  ],
};

/** Standalone mode's "Connect": the page itself runs the MCP authorization flow against a real authorization server. */
describe.skipIf(!hasChromium)('connecting an OAuth server in standalone mode (Chromium)', () => {
  let app: ServedApp;
  let browser: Browser;
  let issuer: TestAuthorizationServer;
  let mcp: HttpServing | undefined;
  let proxy: { url: string; server: Server };
  let closeCalculator: () => Promise<void>;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    issuer = await startAuthorizationServer({ resourceScopes: 'mcp' });
    const calculator = await startCalculatorStorage();
    closeCalculator = () => calculator.close();
    // The page reaches the calculator through a CORS proxy, so the proxy's URL is the protected resource.
    proxy = await corsProxy(() => mcp?.url ?? 'http://127.0.0.1:9/mcp');
    mcp = await serveHttp(calculator.createServer, {
      port: 0,
      oauth: { issuer: issuer.issuer, requiredScopes: ['mcp'], resource: proxy.url },
    });
    [app, browser] = await Promise.all([serveBuiltApp(), launchChromium()]);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
    await new Promise((resolve) => proxy?.server.close(resolve));
    await mcp?.close();
    await closeCalculator?.();
    await issuer?.close();
  });

  /** Opens the app in a fresh browser context (`initScript` runs in every page before the app). */
  async function open(initScript?: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    await context.route('**/config.json', (route) => route.fulfill({ status: 404, body: '' }));
    await context.addInitScript(`window.__SWITCHBOARD_SCRIPT__ = ${JSON.stringify(CALCULATE_SCRIPT)};`);
    if (initScript) await context.addInitScript(initScript);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${app.url}?mode=standalone`);
    await page.waitForSelector('.app[data-ready="true"]');
    return page;
  }

  /** Plays the person at oidc-provider's development pages: any login, then consent. */
  async function approve(page: Page, login: string) {
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill(login);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/interaction\/[^/]+$/);
    await page.getByRole('button', { name: /continue/i }).click();
  }

  it('adds the protected server, connects it in a popup, calls its tool, and stays connected after a reload', async () => {
    const page = await open();
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.getByLabel('MCP server name').fill('calc');
    await page.getByLabel('MCP server URL').fill(proxy.url);
    await page.getByRole('button', { name: 'Add MCP server' }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="unauthorized"]');
    const card = page.getByTestId('connect-card');
    await expect(card.textContent()).resolves.toContain('Connect calc to use its tools');
    await page.screenshot({ path: `${SCREENSHOTS}standalone-connect-card.png` });

    const authorizationRequest = page
      .context()
      .waitForEvent('request', (request) => request.url().startsWith(`${issuer.issuer}/auth?`));
    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Connect calc' }).click();
    const popup = await popupOpened;
    await popup.waitForURL((url) => url.href.startsWith(issuer.issuer));
    await expect(popup.evaluate(() => window.opener)).resolves.toBeNull();
    const authorizationUrl = new URL((await authorizationRequest).url());
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(proxy.url);
    const closed = popup.waitForEvent('close');
    await approve(popup, 'ada');
    await closed;

    await page.waitForSelector('[data-testid="connect-card"][data-status="connected"]');
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await page.getByRole('button', { name: 'calc_mcp_calculate' }).waitFor();
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
    expect(stored).toContain('access_token');
    await expect(page.evaluate(() => JSON.stringify({ ...localStorage }))).resolves.not.toContain(
      'access_token',
    );

    await page.getByRole('tab', { name: /Agent console/ }).click();
    await page.getByLabel('Message').fill('What is 5 + 3?');
    await page.getByLabel('Message').press('Enter');
    await page.locator('[data-role="assistant"]', { hasText: 'remote calculator answered' }).waitFor();
    await page.waitForSelector('.app[data-running="false"]');
    const call = page.locator('[data-testid="agent-console"] li.tool_call');
    await expect(call.locator('pre').textContent()).resolves.toMatch(/"result": "8"/);
    await page.screenshot({ path: `${SCREENSHOTS}standalone-connect-tool-result.png` });

    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await expect(page.getByTestId('connect-card').count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('with popups blocked, goes to the authorization page itself and comes back connected', async () => {
    const page = await open('window.open = () => null;');
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.getByLabel('MCP server name').fill('calc');
    await page.getByLabel('MCP server URL').fill(proxy.url);
    await page.getByRole('button', { name: 'Add MCP server' }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="unauthorized"]');
    const appUrl = page.url();

    await page.getByTestId('connect-card').getByRole('button', { name: 'Connect calc' }).click();
    await page.waitForURL((url) => url.href.startsWith(issuer.issuer));
    await approve(page, 'grace');
    await page.waitForURL((url) => url.href === appUrl);
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await page.getByRole('button', { name: 'calc_mcp_calculate' }).waitFor();
    await expect(page.evaluate(() => JSON.stringify({ ...sessionStorage }))).resolves.not.toContain(
      'switchboard.oauth-redirect',
    );
    expect(pageErrors).toEqual([]);
  });
});
