import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askInPage } from './support/ask-in-page.ts';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { type RealGateway, startRealGateway } from './support/start-real-gateway.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/first-screen/', import.meta.url));
/** The README's "Try asking" list, in one conversation. */
const TRY_ASKING = [
  'what is 5 plus 3',
  'store hello under greeting',
  'what is stored in greeting',
  'search milk',
  'add the first one to my cart',
  'show my cart',
  'which are the largest countries by area',
  'show countries in South America on a map',
];
const SIZES = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** Words of the offline planner's notice, to count how often it shows. */
const NOTICE_WORDS = 'deterministic, rule-based planner';

/** What the layout check finds wrong on the page: widgets outside the visible canvas, text overflowing its tile, the latest covered or out of view. */
interface LayoutReport {
  widgets: number;
  outside: string[];
  overflowing: string[];
  latestInView: boolean;
  /** Where the latest widget and the visible canvas are, for the failure message. */
  where: unknown;
}

/**
 * Measures the canvas in the page: every widget lies within the visible canvas's width (no
 * horizontal scrolling to find one), the latest lies wholly in view and uncovered, and no tile's text overflows
 * it (a body wider or — for widgets that do not scroll — taller than its box; tables scroll inside
 * their tile on purpose).
 */
function checkLayout(): LayoutReport {
  const scroller = document.querySelector('.canvas') as HTMLElement;
  const view = scroller.getBoundingClientRect();
  const right = view.left + scroller.clientWidth;
  const bottom = view.top + scroller.clientHeight;
  const blocks = [...document.querySelectorAll<HTMLElement>('[data-testid="canvas"] [data-block-id]')];
  const outside: string[] = [];
  const overflowing: string[] = [];
  for (const block of blocks) {
    const box = block.getBoundingClientRect();
    const name = `${block.dataset.widgetType} "${block.getAttribute('aria-label')}"`;
    if (box.left < view.left - 0.5 || box.right > right + 0.5)
      outside.push(`${name}: ${box.left}–${box.right} of ${view.left}–${right}`);
    const body = block.querySelector('.body') as HTMLElement;
    if (body.scrollWidth > body.clientWidth + 1)
      overflowing.push(`${name}: ${body.scrollWidth} wide in ${body.clientWidth}`);
    const scrolls = ['table', 'map', 'chart'].includes(block.dataset.widgetType ?? '');
    if (!scrolls && body.scrollHeight > body.clientHeight + 1)
      overflowing.push(`${name}: ${body.scrollHeight} high in ${body.clientHeight}`);
    const title = block.querySelector('.title') as HTMLElement;
    if (title.getBoundingClientRect().right > box.right) overflowing.push(`${name}: its title`);
  }
  const newest = blocks.at(-1);
  const latest = newest?.getBoundingClientRect();
  const seen =
    latest !== undefined &&
    newest?.contains(document.elementFromPoint(latest.left + latest.width / 2, latest.top + 14)) === true;
  const latestInView =
    latest !== undefined &&
    seen &&
    latest.top >= view.top - 0.5 &&
    latest.left >= view.left - 0.5 &&
    latest.right <= right + 0.5 &&
    (latest.bottom <= bottom + 0.5 || latest.height > scroller.clientHeight);
  return {
    widgets: blocks.length,
    outside,
    overflowing,
    latestInView,
    where: { latest: latest?.toJSON(), canvas: view.toJSON(), uncovered: seen },
  };
}

/** Chat messages wider than the chat (text that would be cut or scroll sideways). */
function chatOverflow(): string[] {
  const messages = document.querySelector('[data-testid="chat-messages"]') as HTMLElement;
  const edge = messages.getBoundingClientRect().right;
  return [...messages.querySelectorAll<HTMLElement>('.message, [data-testid="tool-chips"]')]
    .filter(
      (element) =>
        element.getBoundingClientRect().right > edge + 0.5 || element.scrollWidth > element.clientWidth + 1,
    )
    .map((element) => element.textContent?.slice(0, 60) ?? '');
}

describe.skipIf(!hasChromium)('the first screen at 1400×900 and 390×844 (Chromium, real gateway)', () => {
  let gateway: RealGateway;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const shots: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [gateway, browser] = await Promise.all([startRealGateway(), launchChromium()]);
    page = await browser.newPage({ viewport: { width: SIZES[0].width, height: SIZES[0].height } });
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(gateway.appUrl);
    await page.waitForSelector('.app[data-ready="true"]');
  }, 90_000);

  afterAll(async () => {
    console.log(`Screenshots:\n${shots.join('\n')}`);
    await browser?.close();
    await gateway?.close();
  });

  async function shoot(name: string) {
    const path = `${SCREENSHOTS}${name}.png`;
    await page.screenshot({ path });
    shots.push(path);
  }

  /** Waits for the canvas to settle (new widgets fitted and scrolled into view), then checks its layout. */
  async function expectCanvasLaidOut(widgets: number) {
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="canvas"] [data-block-id]').length >= count,
      widgets,
    );
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const report = await page.evaluate(checkLayout);
    expect(report.outside, 'widgets outside the visible canvas').toEqual([]);
    expect(report.overflowing, 'text overflowing its tile').toEqual([]);
    expect(report.latestInView, `the latest widget in view: ${JSON.stringify(report.where)}`).toBe(true);
    expect(await page.evaluate(chatOverflow), 'chat overflowing').toEqual([]);
  }

  const noticeCount = () =>
    page.evaluate((words) => (document.body.textContent ?? '').split(words).length - 1, NOTICE_WORDS);

  for (const size of SIZES) {
    it(`answers the whole "Try asking" list at ${size.width}×${size.height} with every widget in view`, async () => {
      if (size.name !== 'desktop') {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.getByRole('button', { name: 'New conversation' }).click();
        await page.getByTestId('chat-empty').waitFor();
      }
      const phone = size.name === 'phone';
      await expect(page.getByTestId('planner-notice').count()).resolves.toBe(1);
      await expect(page.getByRole('button', { name: 'what is 5 plus 3' }).count()).resolves.toBe(1);
      await shoot(`${size.name}-00-empty`);
      const approved: string[] = [];
      for (const [index, question] of TRY_ASKING.entries()) {
        await askInPage(page, question);
        // A fresh start asks before anything that is not read-only (storing, adding to the cart).
        if ((await page.getByTestId('approval-dialog').count()) > 0) {
          approved.push(question);
          await page.getByTestId('approval-dialog').getByRole('button', { name: 'Approve' }).click();
          await page.waitForFunction(
            (count) => document.querySelectorAll('[data-testid="canvas"] [data-block-id]').length > count,
            index,
          );
          await page.waitForSelector('.app[data-running="false"]');
        }
        const step = `${size.name}-${String(index + 1).padStart(2, '0')}-${question.replaceAll(' ', '-')}`;
        if (phone) {
          await shoot(`${step}-chat`);
          await page.getByRole('tab', { name: /^Canvas/ }).click();
          await expectCanvasLaidOut(index + 1);
          await shoot(`${step}-canvas`);
          await page.getByRole('tab', { name: 'Chat' }).click();
        } else {
          await expectCanvasLaidOut(index + 1);
          await shoot(step);
        }
        // The disclaimer shows once per conversation, not in every reply.
        await expect(noticeCount()).resolves.toBe(1);
      }
      expect(approved).toEqual(['store hello under greeting', 'add the first one to my cart']);
      const replies = await page.getByTestId('reply').allInnerTexts();
      expect(replies).toHaveLength(TRY_ASKING.length);
      expect(replies[0]).toBe('Result: 8. Shown on the canvas.');
      for (const reply of replies) expect(reply).not.toMatch(/Calling |I called |Showing the result/);
      // One message per turn ("add the first one" says which earlier result it used in its reply).
      const messagesPerReply = await page
        .getByTestId('reply')
        .evaluateAll((replies) =>
          replies.map((reply) => reply.querySelectorAll('[data-role="assistant"]').length),
        );
      expect(messagesPerReply).toEqual(TRY_ASKING.map(() => 1));
      expect(replies[TRY_ASKING.indexOf('add the first one to my cart')]).toMatch(
        /^Using code "DAI-\d+" from/,
      );
      // Each call is a chip (name, arguments, time) that opens on the arguments and the result.
      const chip = page.locator('[data-testid="tool-chip"][data-tool$="_calculate"]').first();
      await expect(chip.textContent()).resolves.toMatch(/Calculate.*operation: add, a: 5, b: 3.*\d+ ms/);
      await chip.locator('summary').click();
      await expect(chip.getByLabel('Result').textContent()).resolves.toBe('8');
      // Widgets have human titles, and the call they show on hover.
      const stat = page.locator('[data-testid="canvas"] [data-widget-type="stat"]').first();
      await expect(stat.textContent()).resolves.toContain('5 + 3');
      await expect(stat.locator('.bar').getAttribute('title')).resolves.toMatch(
        /calculate \{"operation":"add"/,
      );
      // Chips are named by the title the server gives the tool ('Read a stored value', not 'Get storage').
      const read = page.locator('[data-testid="tool-chip"][data-tool$="_get-storage"]').first();
      await expect(read.locator('.name').textContent()).resolves.toBe('Read a stored value');
      if (size.name === 'desktop') {
        // A reloaded conversation shows the same chips (without their times) and widget tooltips.
        const chips = await page.getByTestId('tool-chip').count();
        await page.reload();
        await page.waitForSelector('.app[data-ready="true"]');
        await expect(page.getByTestId('tool-chip').count()).resolves.toBe(chips);
        await expect(chip.textContent()).resolves.toMatch(/Calculate.*operation: add, a: 5, b: 3/);
        await expect(read.locator('.name').textContent()).resolves.toBe('Read a stored value');
        await expect(stat.locator('.bar').getAttribute('title')).resolves.toMatch(
          /calculate \{"operation":"add"/,
        );
      }
      expect(pageErrors).toEqual([]);
    }, 90_000);
  }

  it('keeps the console behind a button on a phone, lets the notice be dismissed, offers questions when no tool fits, shows errors, and fits a tablet', async () => {
    await page.getByRole('button', { name: 'Console', exact: true }).click();
    await page.getByTestId('agent-console').waitFor();
    await shoot('phone-console');
    await page.getByRole('button', { name: 'Close the console' }).click();
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect(noticeCount()).resolves.toBe(0);
    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await expect(noticeCount()).resolves.toBe(0);
    await askInPage(page, 'good morning');
    const noMatch = page.getByTestId('no-tool-called');
    await expect(noMatch.textContent()).resolves.toContain('No tool was called');
    await expect(noMatch.getByRole('button', { name: 'search milk' }).count()).resolves.toBe(1);
    await shoot('phone-no-tool-called');
    // A gateway that fails the turn: the error is said in a designed banner, and the app goes on.
    await page.route('**/chat', (route) => route.fulfill({ status: 503, body: 'the gateway is restarting' }));
    await askInPage(page, 'search milk');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/503|restarting/);
    await shoot('phone-error');
    await page.unroute('**/chat');
    await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    // Between a phone and a wide screen: chat beside the canvas, the console over it when opened.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByTestId('agent-console').count()).resolves.toBe(0);
    await expectCanvasLaidOut(TRY_ASKING.length);
    await page.getByRole('button', { name: 'Console', exact: true }).click();
    await shoot('tablet-1024-console');
  });
});
