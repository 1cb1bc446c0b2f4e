import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { type RealGateway, startRealGateway } from './support/start-real-gateway.ts';

/** Turns of the soak: `SOAK_TURNS` (`npm run test:soak`, 200 on demand), else a size that fits CI's time budget. */
const TURNS = Number(process.env.SOAK_TURNS ?? 36);
if (!(TURNS >= 21))
  throw new Error(
    `SOAK_TURNS must be at least 21 (turns 10 and 20 are compared with the last), not ${process.env.SOAK_TURNS}`,
  );
/**
 * The model's history bound: reached before turn 10, so the latency ratio measures what grows with
 * the conversation, not the offline planner reading a history still growing to the bound (the
 * default, 100,000 characters, is reached near turn 60 here).
 */
const HISTORY_CHARS = 20_000;
/** The heap after the run may be at most this many times the heap after turn 20 (both after a full GC). */
const MAX_HEAP_GROWTH = 1.5;
/** How much slower the last turns may show their widget than turns 8–12 (median against median). */
const MAX_LATENCY_RATIO = 1.5;
/** The bound on showing a reloaded conversation's chat and canvas. */
const MAX_RELOAD_MS = 2_000;
/**
 * Whether times are asserted: in the soak run (`npm run test:soak`, on a quiet machine) they are;
 * in `npm test` they are measured and reported only, since a loaded machine slows any page.
 */
const TIMED = process.env.SOAK_TIMED === '1';
const REPORT = fileURLToPath(new URL('../../../test-output/soak/browser.json', import.meta.url));

/** The two requests the conversation alternates. */
const REQUESTS = [(turn: number) => `what is ${turn} plus 3`, () => 'search milk'];

/** How one turn was answered and how long its widget took to show. */
interface TurnFigures {
  turn: number;
  /** From the Enter key to the turn's widget on the canvas (ms, measured in the page). */
  widgetMs: number;
  /** From sending to the run's end, as the test saw it (ms). */
  turnMs: number;
  /** The calls that answered (not discovery) and the kind of widget shown. */
  answer: string;
  console: string;
  /** JS heap after a full GC (bytes), at the turns it was measured. */
  heap?: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The browser side of the long-use soak (issue #32), against the real gateway and its offline
 * planner: one conversation of {@link TURNS} turns in Chromium, alternating a sum and a product
 * search (a widget each turn), then a reload, then a second tab on the same conversation. No page
 * or console errors; every request answered as the first of its kind (the same tool, the same kind
 * of widget); the console idle once each run has ended; the heap after the run within
 * {@link MAX_HEAP_GROWTH}× the heap after turn 20; the last widgets shown within
 * {@link MAX_LATENCY_RATIO}× the time of turn 10's (a ratio in the same run); the reloaded
 * conversation's chat and canvas shown within {@link MAX_RELOAD_MS} (both times asserted in the soak
 * run only, see {@link TIMED}). Figures go to
 * test-output/soak/browser.json.
 */
describe.skipIf(!hasChromium)(`a conversation of ${TURNS} turns in Chromium (real gateway)`, () => {
  let gateway: RealGateway;
  let browser: Browser;
  let context: BrowserContext;
  const errors: string[] = [];

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([
      // A person asks slower than the soak does: the rate limit and the per-session tool-turn cap would end it.
      startRealGateway({
        limits: { requestsPerMinute: 0, toolTurnsPerSession: 100_000, historyChars: HISTORY_CHARS },
      }),
      launchChromium(),
    ]);
    context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    context.setDefaultTimeout(30_000);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  /** A tab on the app, its page errors and console errors collected. */
  async function openTab(): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`page error: ${error.message.split('\n')[0]}`));
    page.on('console', (message) => {
      if (message.type() === 'error')
        errors.push(`console error: ${message.text()} (${message.location().url})`);
    });
    await page.goto(gateway.appUrl);
    await page.waitForSelector('.app[data-ready="true"]');
    return page;
  }

  /** The console's run state as it reads (`● running` or `○ idle`). */
  const consoleState = (page: Page) =>
    page.getByTestId('agent-console').locator('.counters span').first().textContent();

  /** Sends a message and waits for its turn's widget and the end of the run: how it was answered and when its widget showed. */
  async function ask(
    page: Page,
    text: string,
  ): Promise<{ widgetMs: number; turnMs: number; answer: string; console: string }> {
    const started = Date.now();
    const widget = page.evaluate(
      () =>
        new Promise<{ ms: number; type: string }>((resolve, reject) => {
          const surface = document.querySelector('[data-testid="canvas"]') as HTMLElement;
          const known = new Set([...surface.children].map((block) => (block as HTMLElement).dataset.blockId));
          const box = document.querySelector('textarea[aria-label="Message"]') as HTMLElement;
          let sent = 0;
          box.addEventListener('keydown', () => (sent ||= performance.now()), { capture: true, once: true });
          // A new block is added to the canvas surface already drawn (a new widget is rendered to be fitted).
          const observer = new MutationObserver((records) => {
            const fresh = records
              .flatMap((record) => [...record.addedNodes])
              .find(
                (node): node is HTMLElement =>
                  node instanceof HTMLElement &&
                  !known.has(node.dataset.blockId) &&
                  node.querySelector('.content > *') !== null,
              );
            if (!fresh) return;
            observer.disconnect();
            resolve({ ms: performance.now() - sent, type: fresh.dataset.widgetType ?? '' });
          });
          observer.observe(surface, { childList: true });
          setTimeout(() => reject(new Error('no new widget within 20 s')), 20_000);
        }),
    );
    await page.getByLabel('Message').fill(text);
    await page.getByLabel('Message').press('Enter');
    // The widget shows while the run goes on: the app is running (or done) by then.
    const shown = await widget;
    await page.waitForSelector('.app[data-running="false"]');
    // The calls of the turn's chips (their full names) and the console's run state, read at once.
    const ended = await page.evaluate(() => {
      const chips = [...document.querySelectorAll('[data-testid="tool-chips"]')].at(-1);
      return {
        calls: [...(chips?.querySelectorAll('[data-testid="tool-chip"] summary') ?? [])].flatMap((summary) =>
          (summary.getAttribute('title') ?? '').split(', '),
        ),
        console: document.querySelector('[data-testid="agent-console"] .counters span')?.textContent ?? '',
      };
    });
    const answering = ended.calls
      .map((name) => name.replace(/^.*_(?:mcp|webmcp)_/, ''))
      .filter((name) => name !== 'search_tools');
    return {
      widgetMs: shown.ms,
      turnMs: Date.now() - started,
      answer: `${answering.join(', ')} → ${shown.type}`,
      console: ended.console,
    };
  }

  /** The JS heap in use after a full garbage collection. */
  async function heapAfterGc(cdp: CDPSession): Promise<number> {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  }

  /** Reloads the page: the time until the chat shows the last message and the canvas the last widget, drawn. */
  async function reload(page: Page, lastMessage: string, widgets: number): Promise<number> {
    const started = Date.now();
    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await page.waitForFunction(
      ([text, count]) => {
        const users = document.querySelectorAll('[data-role="user"]');
        const blocks = document.querySelectorAll<HTMLElement>('[data-testid="canvas"] [data-block-id]');
        return (
          users[users.length - 1]?.textContent === text &&
          blocks.length === count &&
          blocks[blocks.length - 1].querySelector('.content > *') !== null
        );
      },
      [lastMessage, widgets] as const,
    );
    return Date.now() - started;
  }

  it(
    'stays correct, fast and clean, after a reload and in a second tab',
    async () => {
      const page = await openTab();
      const cdp = await context.newCDPSession(page);
      const figures: TurnFigures[] = [];
      for (let turn = 1; turn <= TURNS; turn++) {
        const done = await ask(page, REQUESTS[(turn - 1) % 2](turn));
        figures.push({
          turn,
          ...done,
          ...(turn === 20 || turn === TURNS ? { heap: await heapAfterGc(cdp) } : {}),
        });
      }
      const lastMessage = REQUESTS[(TURNS - 1) % 2](TURNS);
      const reloads: number[] = [];
      // A loaded machine may hold one reload up: the least of three shows what the page itself takes.
      for (let attempt = 0; attempt < 3 && !(Math.min(...reloads) < MAX_RELOAD_MS); attempt++)
        reloads.push(await reload(page, lastMessage, TURNS));
      const afterReload = await consoleState(page);

      // Scrolled up to its start, the chat reads the older messages from the gateway, a page at a time.
      const messages = page.getByTestId('chat-messages');
      const first = page.locator('[data-role="user"]').first();
      for (let step = 0; step < 50 && (await first.textContent()) !== REQUESTS[0](1); step++) {
        await messages.evaluate((list) => list.scrollTo({ top: 0 }));
        // Reaching the top loads the page; the button does it too (it is gone once all is shown).
        await page
          .getByTestId('chat-older')
          .click({ timeout: 1_000 })
          .catch(() => undefined);
      }
      const firstShown = await page.locator('[data-role="user"]').first().textContent();
      const userMessagesShown = await page.locator('[data-role="user"]').count();

      // A second tab on the same conversation: the same chat and canvas, idle, and answering the same way.
      const second = await openTab();
      const secondReady = {
        last: await second.locator('[data-role="user"]').last().textContent(),
        widgets: await second.locator('[data-testid="canvas"] [data-block-id]').count(),
        console: await consoleState(second),
      };
      const secondTurn = await ask(second, REQUESTS[TURNS % 2](TURNS + 1));

      const heapAt20 = figures[19]?.heap ?? Number.NaN;
      const heapAfter = figures.at(-1)?.heap ?? Number.NaN;
      const widgetAt10 = median(figures.slice(7, 12).map((f) => f.widgetMs));
      const widgetAtEnd = median(figures.slice(-5).map((f) => f.widgetMs));
      const report = {
        turns: TURNS,
        errors,
        heapAfterTurn20: heapAt20,
        heapAfterRun: heapAfter,
        heapGrowth: heapAfter / heapAt20,
        widgetMsTurns8to12Median: widgetAt10,
        widgetMsLast5Median: widgetAtEnd,
        latencyRatio: widgetAtEnd / widgetAt10,
        reloadMs: reloads,
        figures,
      };
      mkdirSync(fileURLToPath(new URL('.', `file://${REPORT}`)), { recursive: true });
      writeFileSync(REPORT, JSON.stringify(report, null, 2));
      console.log(
        [
          `browser soak, ${TURNS} turns:`,
          `  errors: ${errors.length}`,
          `  heap after turn 20 / after the run: ${(heapAt20 / 1e6).toFixed(1)} / ${(heapAfter / 1e6).toFixed(1)} MB (×${report.heapGrowth.toFixed(2)})`,
          `  send → widget: turns 8–12 median ${widgetAt10.toFixed(0)} ms, last 5 median ${widgetAtEnd.toFixed(0)} ms, ratio ${report.latencyRatio.toFixed(2)}`,
          `  reload to chat and canvas shown: ${reloads.join(', ')} ms`,
        ].join('\n'),
      );

      expect(errors).toEqual([]);
      const answers = figures.map((f) => f.answer);
      expect(answers.slice(0, 2)).toEqual([
        'calculate, widget_display → stat',
        'search_products, widget_display → table',
      ]);
      // Every request answered as the first of its kind (a turn that is not names itself in the failure).
      expect(
        figures
          .filter((f) => f.answer !== answers[(f.turn - 1) % 2])
          .map((f) => `turn ${f.turn}: ${f.answer}`),
      ).toEqual([]);
      expect(secondTurn.answer).toBe(answers[TURNS % 2]);
      // The console matches the run: idle once it ended, after the reload and in the second tab.
      expect(figures.filter((f) => f.console !== '○ idle').map((f) => f.turn)).toEqual([]);
      expect([afterReload, secondReady.console, secondTurn.console]).toEqual(['○ idle', '○ idle', '○ idle']);
      expect(secondReady).toMatchObject({ last: lastMessage, widgets: TURNS });
      expect(firstShown).toBe(REQUESTS[0](1));
      expect(userMessagesShown).toBe(TURNS);
      expect(heapAfter).toBeLessThanOrEqual(heapAt20 * MAX_HEAP_GROWTH);
      if (TIMED) {
        expect(report.latencyRatio).toBeLessThanOrEqual(MAX_LATENCY_RATIO);
        expect(Math.min(...reloads)).toBeLessThan(MAX_RELOAD_MS);
      }
    },
    120_000 + TURNS * 4_000,
  );
});
