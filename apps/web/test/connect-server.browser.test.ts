import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_CONVERSATION_KEY } from '../src/lib/gateway/gateway-driver.ts';
import { approveInPage } from './support/approve-in-page.ts';
import { askInPage } from './support/ask-in-page.ts';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { type OAuthStack, startOAuthStack } from './support/start-oauth-stack.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));
const SEARCH_MILK = {
  toolCalls: [{ id: 'call_milk', name: 'shop_mcp_search_products', input: { query: 'milk' } }],
};

/** The whole "Connect" flow in Chromium: the web app, the gateway, the shop and a real authorization server. */
describe.skipIf(!hasChromium)('connecting an OAuth server from the web app (Chromium, gateway mode)', () => {
  let stack: OAuthStack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [stack, browser] = await Promise.all([startOAuthStack(), launchChromium()]);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stack?.close();
  });

  /** Opens the app in a fresh browser context (`initScript` runs in every page before the app). */
  async function open(initScript?: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    if (initScript) await context.addInitScript(initScript);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(stack.appUrl);
    await page.waitForSelector('.app[data-ready="true"]');
    return page;
  }

  /** The agent console's entry of a tool call, opened, as text. */
  async function toolCallDetail(page: Page, name: string): Promise<string | null> {
    const entry = page.locator('[data-testid="agent-console"] li.tool_call', { hasText: name }).last();
    await entry.locator('summary').click();
    return entry.textContent();
  }

  it('shows a Connect card, connects the shop in a popup and uses it in the next turn', async () => {
    const page = await open();
    stack.model.enqueue({ text: 'I cannot reach the shop yet.' });
    await askInPage(page, 'Find milk in the shop');
    const card = page.getByTestId('connect-card');
    await expect(card.count()).resolves.toBe(1);
    await expect(card.textContent()).resolves.toContain('Connect shop to use its tools');
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SCREENSHOTS}connect-card.png` });

    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Connect shop' }).click();
    const popup = await popupOpened;
    await popup.waitForURL((url) => url.href.startsWith(stack.issuer));
    await popup.locator('input[name="login"]').waitFor();
    await expect(card.getAttribute('data-status')).resolves.toBe('connecting');
    await popup.screenshot({ path: `${SCREENSHOTS}connect-authorization-page.png` });
    await expect(popup.evaluate(() => window.opener)).resolves.toBeNull();
    const closed = popup.waitForEvent('close');
    await approveInPage(popup, 'ada');
    await closed;

    await page.waitForSelector('[data-testid="connect-card"][data-status="connected"]');
    await expect(card.textContent()).resolves.toContain('Connected — ask again');
    await page.screenshot({ path: `${SCREENSHOTS}connect-connected.png` });

    stack.model.enqueue(SEARCH_MILK, { text: 'The shop has milk.' });
    await askInPage(page, 'Find milk in the shop');
    await expect(page.getByTestId('connect-card').count()).resolves.toBe(0);
    const detail = await toolCallDetail(page, 'shop_mcp_search_products');
    expect(detail).toContain('Full Cream Milk');
    const [before, after] = stack.model.requests.slice(-3);
    expect(before.tools.some((tool) => tool.name.startsWith('shop_'))).toBe(false);
    expect(after.tools.some((tool) => tool.name.startsWith('shop_'))).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}connect-tool-result.png` });
    expect(pageErrors).toEqual([]);
  });

  it('disconnects in the tool panel; with popups blocked, connects by redirect and comes back to the same conversation', async () => {
    const page = await open('window.open = () => null;');
    await page.getByRole('tab', { name: /^Tools/ }).click();
    const servers = page.getByTestId('server-connections');
    await servers.locator('li[data-authorization="connected"]').waitFor();
    await servers.getByRole('button', { name: 'Disconnect shop' }).click();
    await servers.locator('li[data-authorization="required"]').waitFor();

    stack.model.enqueue({ text: 'I cannot reach the shop yet.' });
    await askInPage(page, 'Is there bread?');
    const conversationId = await page.evaluate((key) => localStorage.getItem(key), GATEWAY_CONVERSATION_KEY);
    await page.getByTestId('connect-card').getByRole('button', { name: 'Connect shop' }).click();
    await page.waitForURL((url) => url.href.startsWith(stack.issuer));
    await approveInPage(page, 'ada');

    await page.waitForURL((url) => url.href.startsWith(stack.url));
    await page.waitForSelector('.app[data-ready="true"]');
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByTestId('connect-card').textContent()).resolves.toContain('Connected — ask again');
    await expect(page.evaluate((key) => localStorage.getItem(key), GATEWAY_CONVERSATION_KEY)).resolves.toBe(
      conversationId,
    );
    await expect(page.locator('[data-role="user"]').allInnerTexts()).resolves.toEqual(['Is there bread?']);
    await page.getByRole('tab', { name: /^Tools/ }).click();
    await servers.locator('li[data-authorization="connected"]').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}connect-redirect-back.png` });

    await page.getByRole('tab', { name: /Agent console/ }).click();
    stack.model.enqueue(SEARCH_MILK, { text: 'The shop has milk.' });
    await askInPage(page, 'Find milk in the shop');
    await expect(toolCallDetail(page, 'shop_mcp_search_products')).resolves.toContain('Full Cream Milk');
    expect(pageErrors).toEqual([]);
  });
});
