import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_CONVERSATION_KEY } from '../src/lib/gateway/gateway-driver.ts';
import { askInPage } from './support/ask-in-page.ts';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { type PublishedAppServer, startPublishedAppServer } from './support/start-published-app-server.ts';
import { type RealGateway, startRealGateway } from './support/start-real-gateway.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));

describe.skipIf(!hasChromium)('the first run: the web app served by the real gateway (Chromium)', () => {
  let gateway: RealGateway;
  let browser: Browser;
  let appServer: PublishedAppServer;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const started = startPublishedAppServer();
    [gateway, browser, appServer] = await Promise.all([
      started.then((apps) =>
        startRealGateway({
          approvalPolicy: {
            rules: [
              { match: 'calculator_storage:set-storage', action: 'ask' },
              // The published app server's tools carry no annotations (so they would ask): shown unasked here.
              { match: 'apps:*', action: 'allow' },
            ],
          },
          servers: [{ name: 'apps', url: apps.url }],
        }),
      ),
      launchChromium(),
      started,
    ]);
  }, 60_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gateway?.close();
    await appServer?.stop();
  });

  /** Opens the app in a fresh browser context (optionally on a conversation the gateway already has). */
  async function open(conversationId?: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    if (conversationId) {
      await context.addInitScript(([key, id]) => window.localStorage.setItem(key, id), [
        GATEWAY_CONVERSATION_KEY,
        conversationId,
      ] as const);
    }
    const opened = await context.newPage();
    opened.on('pageerror', (error) => pageErrors.push(error.message));
    await opened.goto(gateway.appUrl);
    await opened.waitForSelector('.app[data-ready="true"]');
    return opened;
  }

  const canvasWidget = (on: Page, type: string) =>
    on.locator(`[data-testid="canvas"] [data-widget-type="${type}"]`).first();

  it('runs connected to the gateway with its offline planner', async () => {
    page = await open();
    await expect(page.getByTestId('mode').textContent()).resolves.toBe('Connected to the gateway');
    await expect(page.getByTestId('model-label').textContent()).resolves.toBe(
      'Offline planner (not a language model)',
    );
    await expect(page.locator('[role="alert"]').count()).resolves.toBe(0);
  });

  it('answers "what is 5 plus 3" with streamed text and a stat showing 8, then "search milk" with a table', async () => {
    const turn = page.waitForResponse(
      (response) => response.url().endsWith('/chat') && response.request().method() === 'POST',
    );
    await askInPage(page, 'what is 5 plus 3');
    expect((await turn).headers()['content-type']).toMatch(/^text\/event-stream/);
    const answers = await page.locator('[data-role="assistant"]').allInnerTexts();
    expect(answers.join('\n')).toContain('Result: 8');
    // The planner says what it is once, above the conversation, not in its replies.
    expect(answers.join('\n')).not.toContain('offline planner');
    await expect(page.getByTestId('planner-notice').textContent()).resolves.toContain('not a language model');
    await expect(canvasWidget(page, 'stat').textContent()).resolves.toMatch(/\b8\b/);

    await askInPage(page, 'search milk');
    await expect(canvasWidget(page, 'table').textContent()).resolves.toMatch(/Full Cream Milk/);
    await expect(page.locator('[role="alert"]').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}first-run.png` });
  });

  it('brings the conversation and the canvas back from the gateway on reload and in another browser', async () => {
    const conversationId = await page.evaluate(
      (key) => window.localStorage.getItem(key),
      GATEWAY_CONVERSATION_KEY,
    );
    expect(conversationId).toMatch(/^conv_/);
    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await expect(page.locator('[data-role="user"]').allInnerTexts()).resolves.toEqual([
      'what is 5 plus 3',
      'search milk',
    ]);
    await expect(canvasWidget(page, 'stat').textContent()).resolves.toMatch(/\b8\b/);
    await expect(canvasWidget(page, 'table').textContent()).resolves.toMatch(/Full Cream Milk/);

    // A browser with nothing of this conversation in its storage but the id: all of it comes from the gateway.
    const elsewhere = await open(conversationId as string);
    await expect(elsewhere.locator('[data-role="user"]').allInnerTexts()).resolves.toEqual([
      'what is 5 plus 3',
      'search milk',
    ]);
    await expect(elsewhere.locator('[data-role="assistant"]').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining('Result: 8')]),
    );
    await expect(canvasWidget(elsewhere, 'stat').textContent()).resolves.toMatch(/\b8\b/);
    await expect(canvasWidget(elsewhere, 'table').textContent()).resolves.toMatch(/Full Cream Milk/);
  });

  it('asks before a call the policy marks "ask", and resumes the turn on the gateway once approved', async () => {
    await page.getByLabel('Message').fill('store hello under greeting');
    await page.getByLabel('Message').press('Enter');
    await page.waitForSelector('[data-testid="approval-dialog"]');
    await expect(page.getByTestId('approval-dialog').textContent()).resolves.toContain(
      'calculator_storage_mcp_set-storage',
    );
    await page.waitForSelector('.app[data-running="false"]');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForFunction(() =>
      (document.querySelector('[data-testid="chat-messages"]')?.textContent ?? '').includes(
        'Stored value at key: greeting',
      ),
    );
    await page.waitForSelector('.app[data-running="false"]');
    await askInPage(page, 'what is stored in greeting');
    const answers = await page.locator('[data-role="assistant"]').allInnerTexts();
    expect(answers.at(-1)).toContain('Result: hello');
  });

  it('calls a tool of a connected server from the tool browser, through the gateway', async () => {
    await page.getByRole('tab', { name: /^Tools \(\d+\)$/ }).click();
    const browserPanel = page.getByTestId('tool-browser');
    await browserPanel.getByRole('button', { name: 'calculator-storage:calculate' }).click();
    await browserPanel.locator('select[name="operation"]').selectOption('multiply');
    await browserPanel.locator('input[name="a"]').fill('6');
    await browserPanel.locator('input[name="b"]').fill('7');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(page.getByTestId('tool-result').textContent()).resolves.toContain('42');

    await browserPanel.getByRole('button', { name: 'shop:show_products' }).click();
    await browserPanel.locator('input[name="query"]').fill('bread');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await page.getByTestId('tool-result').locator('.card').filter({ hasText: /bread/i }).first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('shows the MCP App of a tool call in the sandbox the gateway serves on the other loopback name', async () => {
    const sandboxCsp: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/mcp-app-sandbox.html')
        sandboxCsp.push(response.headers()['content-security-policy'] ?? '');
    });
    // get-time carries no annotations, so the planner calls it only when the request names its action.
    await askInPage(page, 'get the time on the server');
    await page.waitForSelector('[data-testid="mcp-app-frame"][data-ready="true"]');
    const proxy = await (await page.locator('[data-testid="mcp-app-frame"]').elementHandle())?.contentFrame();
    const inner = proxy?.childFrames()[0];
    if (!proxy || !inner) throw new Error('the MCP App frames are missing');
    const { port } = new URL(gateway.url);
    expect(new URL(proxy.url()).origin).toBe(`http://localhost:${port}`);
    expect(sandboxCsp).toEqual([`frame-ancestors http://127.0.0.1:${port}`]);
    await expect(inner.title()).resolves.toBe('Get Time App');
    await inner.waitForFunction(() =>
      /^\d{4}-\d{2}-\d{2}T/.test(document.getElementById('server-time')?.textContent ?? ''),
    );
    await page.screenshot({ path: `${SCREENSHOTS}first-run-mcp-app.png` });
  });
});
