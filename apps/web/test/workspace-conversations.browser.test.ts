import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type FakeModelServer, openaiStream, startFakeModelServer } from '@switchboard/providers/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askInPage } from './support/ask-in-page.ts';
import { checkAccessibility } from './support/check-accessibility.ts';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { type RealGateway, startRealGateway } from './support/start-real-gateway.ts';

const SCREENSHOTS = fileURLToPath(
  new URL('../../../test-output/screenshots/workspace-conversations/', import.meta.url),
);
const SIZES = { desktop: { width: 1400, height: 900 }, phone: { width: 390, height: 844 } } as const;
/** How long a check waits for the page to settle after an action (the app was already ready before it). */
const SETTLED = { timeout: 20_000 };
type Size = keyof typeof SIZES;

/** What the priced model's reply used, and how the chat shows it at its price (3 and 15 USD per million). */
const PRICED_REPLY = { inputTokens: 1_234, outputTokens: 56 };
const PRICED_USAGE = 'Tokens: 1,234 in · 56 out · $0.0045';

/**
 * Issue #28, part A, against the real gateway (`switchboard serve`) with two operator models: the
 * offline planner (the default) and a priced OpenAI-compatible model answered by a fake vendor that
 * reports tokens. One browser: a desktop context (1400×900) runs every flow, then a second context
 * with the same credentials at phone size (390×844) finds the same list and runs them again in the
 * drawer. Each state is screenshotted and checked with axe-core.
 */
describe.skipIf(!hasChromium)('conversations beside the chat, the model per conversation (Chromium)', () => {
  let vendor: FakeModelServer;
  let gateway: RealGateway;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let desktop: Page;
  let phone: Page;
  /** The conversation deleted, by the address the app deleted it at. */
  let deletedAt = '';

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    vendor = await startFakeModelServer();
    [gateway, browser] = await Promise.all([
      startRealGateway({
        models: [
          { id: 'planner', label: 'Offline planner', vendor: 'offline', default: true },
          {
            id: 'priced',
            label: 'Priced model',
            vendor: 'openai-compatible',
            model: 'priced-model',
            baseUrl: vendor.openaiBaseURL,
            price: { input: 3, output: 15, currency: 'USD' },
          },
        ],
      }),
      launchChromium(),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gateway?.close();
    await vendor?.close();
  });

  async function open(size: Size): Promise<Page> {
    const context = await browser.newContext({ viewport: SIZES[size] });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${size}: ${error.message}`));
    await page.goto(gateway.appUrl);
    await page.waitForSelector('.app[data-ready="true"]');
    return page;
  }

  const list = (page: Page) => page.getByTestId('conversation-list');
  /** The button opening the conversation titled `title`. */
  const openButton = (page: Page, title: string) =>
    list(page)
      .locator('li[data-conversation] button.open')
      .filter({ has: page.getByText(title, { exact: true }) });
  /** Waits until the list shows exactly `titles`, in this order. */
  async function expectTitles(page: Page, titles: string[]) {
    const shown = () => list(page).locator('li[data-conversation] .title').allTextContents();
    await page
      .waitForFunction(
        (expected) =>
          JSON.stringify(
            [
              ...document.querySelectorAll('[data-testid="conversation-list"] li[data-conversation] .title'),
            ].map((title) => title.textContent),
          ) === expected,
        JSON.stringify(titles),
      )
      .catch(() => undefined);
    expect(await shown()).toEqual(titles);
  }
  const openList = async (page: Page) => {
    const toggle = page.getByRole('button', { name: 'Conversations', exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await list(page).waitFor();
  };
  const current = (page: Page) => list(page).locator('[aria-current="true"] .title').textContent();
  const userMessages = (page: Page) => page.locator('[data-role="user"]').allInnerTexts();
  const canvasWidget = (page: Page, type: string) =>
    page.locator(`[data-testid="canvas"] [data-widget-type="${type}"]`).first();
  /** Screenshots the page as `<flow>-<size>.png` and checks it with axe-core. */
  async function record(page: Page, flow: string, size: Size) {
    await page.screenshot({ path: `${SCREENSHOTS}${flow}-${size}.png` });
    await checkAccessibility(page, `${flow}, ${size}`);
  }
  const newConversation = async (page: Page) => {
    await page.getByRole('button', { name: 'New conversation' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-role="user"]').length === 0);
  };

  it('lists three new conversations newest first, titled from their first messages, the open one marked', async () => {
    desktop = await open('desktop');
    await askInPage(desktop, 'what is 2 plus 3');
    await expect(canvasWidget(desktop, 'stat').textContent()).resolves.toMatch(/\b5\b/);
    await newConversation(desktop);
    await askInPage(desktop, 'search milk');
    await newConversation(desktop);
    await askInPage(desktop, 'what is 10 plus 1');
    await openList(desktop);
    await expectTitles(desktop, ['what is 10 plus 1', 'search milk', 'what is 2 plus 3']);
    expect(await current(desktop)).toBe('what is 10 plus 1');
    // A column beside the chat: the chat moved right to make room, nothing covers it.
    const [column, chat] = await Promise.all([
      list(desktop).boundingBox(),
      desktop.getByRole('region', { name: 'Chat' }).boundingBox(),
    ]);
    expect(chat?.x).toBeGreaterThanOrEqual((column?.x ?? 0) + (column?.width ?? 0) - 1);
    await record(desktop, 'list', 'desktop');
  });

  it('searches titles and message text', async () => {
    // "Full Cream Milk" is in the milk search's tool result, not in any title.
    await desktop.getByLabel('Search conversations').fill('full cream');
    await expectTitles(desktop, ['search milk']);
    await record(desktop, 'search', 'desktop');
    await desktop.getByLabel('Search conversations').fill('');
    await expectTitles(desktop, ['what is 10 plus 1', 'search milk', 'what is 2 plus 3']);
  });

  it('renames a conversation', async () => {
    await desktop.getByRole('button', { name: 'Rename search milk' }).click();
    await desktop.getByLabel('New title').fill('Groceries');
    await record(desktop, 'rename', 'desktop');
    await list(desktop).getByRole('button', { name: 'Save' }).click();
    await expectTitles(desktop, ['what is 10 plus 1', 'Groceries', 'what is 2 plus 3']);
  });

  it('deletes the open conversation after a confirmation, with its canvas, and opens the newest left', async () => {
    await desktop.getByRole('button', { name: 'Delete what is 10 plus 1' }).click();
    await record(desktop, 'delete', 'desktop');
    const deleted = desktop.waitForResponse((response) => response.request().method() === 'DELETE');
    await list(desktop).getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await deleted).status()).toBe(200);
    deletedAt = (await deleted).url();
    await expectTitles(desktop, ['Groceries', 'what is 2 plus 3']);
    await desktop.waitForSelector('.app[data-ready="true"]');
    expect(await current(desktop)).toBe('Groceries');
    await expect.poll(() => userMessages(desktop), SETTLED).toEqual(['search milk']);
    // Gone on the gateway, its canvas with it.
    const statuses = await desktop.evaluate(
      async (url) =>
        Promise.all([fetch(url), fetch(`${url}/canvas`)].map(async (reply) => (await reply).status)),
      deletedAt,
    );
    expect(statuses).toEqual([404, 404]);
  });

  it('opens an older conversation with its chat and canvas, and a reload keeps it and the list', async () => {
    await openButton(desktop, 'what is 2 plus 3').click();
    await desktop.waitForSelector('.app[data-ready="true"]');
    await expect.poll(() => current(desktop)).toBe('what is 2 plus 3');
    await expect.poll(() => userMessages(desktop), SETTLED).toEqual(['what is 2 plus 3']);
    await expect(canvasWidget(desktop, 'stat').textContent()).resolves.toMatch(/\b5\b/);
    await record(desktop, 'open', 'desktop');

    await desktop.reload();
    await desktop.waitForSelector('.app[data-ready="true"]');
    await expect.poll(() => userMessages(desktop), SETTLED).toEqual(['what is 2 plus 3']);
    await expect(canvasWidget(desktop, 'stat').textContent()).resolves.toMatch(/\b5\b/);
    await openList(desktop);
    // Renamed after the sum's turn, the groceries changed last.
    await expectTitles(desktop, ['Groceries', 'what is 2 plus 3']);
    expect(await current(desktop)).toBe('what is 2 plus 3');
    await record(desktop, 'reload', 'desktop');
  });

  it("picks the conversation's model from the operator's list, shows the reply's tokens and cost, and keeps both", async () => {
    const model = desktop.getByLabel('Model', { exact: true });
    expect(await model.inputValue()).toBe('planner');
    await expect(desktop.getByTestId('model-label').count()).resolves.toBe(0);
    const saved = desktop.waitForResponse((response) => response.request().method() === 'PATCH');
    await model.selectOption('priced');
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toEqual({ model: 'priced' });
    // A language model answers now: the offline planner's notice goes.
    await expect(desktop.getByTestId('planner-notice').count()).resolves.toBe(0);
    vendor.enqueue(openaiStream({ text: 'Seven, by my count.', usage: PRICED_REPLY }));
    await askInPage(desktop, 'what is 3 plus 4');
    expect(vendor.requests.at(-1)?.body).toMatchObject({ model: 'priced-model' });
    const usage = desktop.getByTestId('reply-usage');
    // Only the priced model's reply: the planner's (no language model) counts no tokens and shows none.
    await expect(usage.allInnerTexts()).resolves.toEqual([PRICED_USAGE]);
    await record(desktop, 'model', 'desktop');

    await desktop.reload();
    await desktop.waitForSelector('.app[data-ready="true"]');
    await expect.poll(() => desktop.getByLabel('Model', { exact: true }).inputValue()).toBe('priced');
    await expect(desktop.getByTestId('reply-usage').allInnerTexts()).resolves.toEqual([PRICED_USAGE]);
  });

  it('shows the same list to a second browser of the same person, at phone size in a drawer', async () => {
    phone = await open('phone');
    await openList(phone);
    // This browser had nothing open, and the newest conversation was not empty: it started its own.
    await expectTitles(phone, ['New conversation', 'what is 2 plus 3', 'Groceries']);
    expect(await current(phone)).toBe('New conversation');
    const drawer = await list(phone).boundingBox();
    expect(drawer?.width).toBeLessThanOrEqual(SIZES.phone.width);
    await record(phone, 'list', 'phone');

    await phone.getByLabel('Search conversations').fill('full cream');
    await expectTitles(phone, ['Groceries']);
    await record(phone, 'search', 'phone');
    await phone.getByLabel('Search conversations').fill('');

    await phone.getByRole('button', { name: 'Rename what is 2 plus 3' }).click();
    await record(phone, 'rename', 'phone');
    await list(phone).getByRole('button', { name: 'Cancel' }).click();
    await phone.getByRole('button', { name: 'Delete New conversation' }).click();
    await record(phone, 'delete', 'phone');
    await list(phone).getByRole('button', { name: 'Delete', exact: true }).click();
    await expectTitles(phone, ['what is 2 plus 3', 'Groceries']);

    // Deleting the open one opened the newest left, and the drawer closed over it.
    await phone.waitForSelector('.app[data-ready="true"]');
    await expect.poll(() => list(phone).count(), SETTLED).toBe(0);
    await expect.poll(() => userMessages(phone), SETTLED).toEqual(['what is 2 plus 3', 'what is 3 plus 4']);
    await expect(phone.getByLabel('Model', { exact: true }).inputValue()).resolves.toBe('priced');
    await expect(phone.getByTestId('reply-usage').allInnerTexts()).resolves.toEqual([PRICED_USAGE]);
    await record(phone, 'model', 'phone');

    await openList(phone);
    await openButton(phone, 'Groceries').click();
    await phone.waitForSelector('.app[data-ready="true"]');
    await expect.poll(() => list(phone).count(), SETTLED).toBe(0);
    await expect.poll(() => userMessages(phone), SETTLED).toEqual(['search milk']);
    await expect(phone.getByLabel('Model', { exact: true }).inputValue()).resolves.toBe('planner');
    await phone.getByRole('tab', { name: /Canvas/ }).click();
    await expect(canvasWidget(phone, 'table').textContent()).resolves.toMatch(/Full Cream Milk/);
    await record(phone, 'open', 'phone');

    await phone.reload();
    await phone.waitForSelector('.app[data-ready="true"]');
    await expect.poll(() => userMessages(phone), SETTLED).toEqual(['search milk']);
    await openList(phone);
    await expectTitles(phone, ['what is 2 plus 3', 'Groceries']);
    expect(await current(phone)).toBe('Groceries');
    await record(phone, 'reload', 'phone');

    // The desktop browser reads the same list again.
    await desktop.reload();
    await desktop.waitForSelector('.app[data-ready="true"]');
    await openList(desktop);
    await expectTitles(desktop, ['what is 2 plus 3', 'Groceries']);
    expect(pageErrors).toEqual([]);
  });

  it('reads the list a page at a time: More, or scrolling to its end, brings the next', async () => {
    const conversations = deletedAt.slice(0, deletedAt.lastIndexOf('/'));
    const titles = Array.from({ length: 40 }, (_, index) => `Note ${String(index + 1).padStart(2, '0')}`);
    const statuses = await desktop.evaluate(
      async ([url, list]) => {
        const made: number[] = [];
        for (const title of list)
          made.push(
            (
              await fetch(url, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ title }),
              })
            ).status,
          );
        return made;
      },
      [conversations, titles] as const,
    );
    expect(new Set(statuses)).toEqual(new Set([201]));
    const newestFirst = [...titles].reverse();
    await desktop.reload();
    await desktop.waitForSelector('.app[data-ready="true"]');
    await openList(desktop);
    await expectTitles(desktop, newestFirst.slice(0, 20));
    await list(desktop).getByRole('button', { name: 'More' }).click();
    await expectTitles(desktop, newestFirst);
    // The last page is scrolled to: the rest comes without a click, and there is nothing more.
    await list(desktop)
      .locator('ul')
      .evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expectTitles(desktop, [...newestFirst, 'what is 2 plus 3', 'Groceries']);
    await expect(list(desktop).getByRole('button', { name: 'More' }).count()).resolves.toBe(0);
    await record(desktop, 'paged', 'desktop');
  });
});
