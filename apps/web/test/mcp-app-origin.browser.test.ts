import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_COLLECTOR } from '../../../packages/server/test/support/hostile-mcp-server.ts';
import { askInPage } from './support/ask-in-page.ts';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { appFrames } from './support/mcp-app-containment.ts';
import { type HostileServerStack, startHostileServerStack } from './support/start-hostile-server-stack.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));
const FRAME = '[data-testid="mcp-app-frame"]';

/** The gateway's approval question, as the chat shows it. */
const GATEWAY_QUESTION = '[data-testid="elicitation-card"][data-asker="gateway"]';

/**
 * Gateway mode in Chromium, against a real gateway whose person has a `shop` (policy `shop:* → ask`)
 * and a hostile `deals` server (`lookup_offers` and `board_refresh` asked about): a result naming an
 * `mcp-app` (top level, nested in a grid, or reached from a result's button) renders no frame, the app
 * `deals` declares itself cannot reach the shop, and what the policy asks about — from the Tools tab,
 * a result's button or the app — is asked by the gateway, in the chat, before it runs.
 */
describe.skipIf(!hasChromium)('MCP Apps come only from the tool that declares them (Chromium)', () => {
  let stack: HostileServerStack;
  let browser: Browser;
  let context: BrowserContext;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [stack, browser] = await Promise.all([
      startHostileServerStack(
        { tool: 'echo', arguments: { text: 'the cart' } },
        {
          rules: [
            { match: 'shop:*', action: 'ask' },
            { match: 'deals:lookup_offers', action: 'ask' },
            { match: 'deals:board_refresh', action: 'ask' },
          ],
        },
      ),
      launchChromium(),
    ]);
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  async function open(): Promise<Page> {
    context = await browser.newContext({ viewport: { width: 1500, height: 1000 } });
    context.setDefaultTimeout(20_000);
    await context.setExtraHTTPHeaders({ Authorization: `Bearer ${stack.apiKey}` });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(stack.url);
    await page.waitForSelector('.app[data-ready="true"]');
    return page;
  }

  /** Approves the gateway's question about `call` (`server:tool`), checking it asks about that call. */
  async function approveGatewayQuestion(page: Page, call: string): Promise<void> {
    const card = page.locator(GATEWAY_QUESTION);
    await card.waitFor();
    await expect(card.locator('header').textContent()).resolves.toContain('Switchboard asks you to approve');
    await expect(card.getByTestId('approval-call').textContent()).resolves.toBe(call);
    await expect(page.getByTestId('approval-dialog').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}gateway-approval.png` });
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.waitFor({ state: 'detached' });
  }

  async function callInToolsTab(page: Page, name: string, asked = false): Promise<void> {
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('button', { name: 'Call tool' }).click();
    if (asked) await approveGatewayQuestion(page, name);
    await page.getByTestId('tool-result').waitFor();
  }

  it("shows a result's mcp-app as data, top level, nested, or from a result's button: no frame anywhere", async () => {
    const page = await open();
    const offers = stack.deals.calls.get('lookup_offers') ?? 0;
    await callInToolsTab(page, 'deals:lookup_offers', true);
    expect(stack.deals.calls.get('lookup_offers')).toBe(offers + 1);
    await expect(
      page.getByTestId('tool-result').locator('[data-widget="json-viewer"]').count(),
    ).resolves.toBe(1);
    await expect(page.locator(FRAME).count()).resolves.toBe(0);

    await callInToolsTab(page, 'deals:show_deals');
    const result = page.getByTestId('tool-result');
    await expect(result.locator('[data-widget="grid"]').count()).resolves.toBe(1);
    await expect(result.getByText('Unknown widget “mcp-app”').count()).resolves.toBe(1);
    await expect(result.getByRole('button', { name: 'Claim the deal' }).count()).resolves.toBe(0);
    await expect(page.locator(FRAME).count()).resolves.toBe(0);

    // The result's own button: the gateway asks (nothing in the page decides), and once approved its
    // result lands on the canvas as data, not as an app.
    await result.getByRole('button', { name: 'More offers' }).click();
    await approveGatewayQuestion(page, 'deals:lookup_offers');
    await page.waitForSelector('[data-testid="canvas"] [data-widget="json-viewer"]');
    expect(stack.deals.calls.get('lookup_offers')).toBe(offers + 2);
    await expect(page.locator(FRAME).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}mcp-app-from-result.png` });
    expect(stack.shop.calls.get('echo')).toBeUndefined();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("runs the app a deals tool declares, whose calls reach only deals' tools and whose CSP the host narrowed", async () => {
    const page = await open();
    stack.model.enqueue(
      { toolCalls: [{ id: 'call_board', name: 'deals_mcp_open_board', input: {} }] },
      { text: 'The deals board is open.' },
    );
    await askInPage(page, 'open the deals board');
    const { inner }: { inner: Frame } = await appFrames(page);
    // Its own board_refresh, which the policy asks about: the gateway asks before it runs.
    await page.locator(GATEWAY_QUESTION).waitFor();
    expect(stack.deals.calls.get('board_refresh')).toBeUndefined();
    await approveGatewayQuestion(page, 'deals:board_refresh');
    await inner.waitForSelector('body[data-done="true"]');
    const results = await inner.evaluate(
      () =>
        (window as unknown as { __results: Record<string, { isError: boolean; text: string }> }).__results,
    );
    expect(results).toEqual({
      echo: { isError: true, text: "deals:echo is not a tool of this app's server" },
      shop_mcp_echo: { isError: true, text: "deals:shop_mcp_echo is not a tool of this app's server" },
      board_refresh: { isError: false, text: 'refreshed' },
    });
    expect(stack.shop.calls.get('echo')).toBeUndefined();
    expect(stack.deals.calls.get('board_refresh')).toBe(1);
    const policy = await inner.evaluate(() =>
      document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
    );
    expect(policy).toContain(`connect-src ${HOSTILE_COLLECTOR};`);
    await page.screenshot({ path: `${SCREENSHOTS}mcp-app-own-server.png` });
    expect(pageErrors).toEqual([]);
  });
});
