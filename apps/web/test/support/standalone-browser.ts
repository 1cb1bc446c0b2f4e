import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './launch-chromium.ts';
import { type ServedApp, serveBuiltApp } from './serve-built-app.ts';

/** How a page of the app opens in standalone mode. */
export interface StandaloneOpening {
  /** The `config.json` the app loads; none (404) when absent. */
  config?: unknown;
  /** The page's scripted model (`window.__SWITCHBOARD_SCRIPT__`). */
  script?: unknown;
  /** Runs in every page of the context before the app. */
  initScript?: string;
  /** The viewport's height (its width is 1500). */
  height?: number;
}

/** The built app served on loopback and Chromium, opening pages of the app in standalone mode. */
export interface StandaloneBrowser {
  app: ServedApp;
  browser: Browser;
  /** The messages of errors no page caught, in every page opened so far. */
  pageErrors: string[];
  /** Opens the app in standalone mode in a fresh browser context, and waits until it is ready. */
  open(opening?: StandaloneOpening): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Serves the app built for this run and launches Chromium.
 */
export async function startStandaloneBrowser(): Promise<StandaloneBrowser> {
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const [served, launched] = await Promise.allSettled([serveBuiltApp(), launchChromium()]);
  const app = served.status === 'fulfilled' ? served.value : undefined;
  const browser = launched.status === 'fulfilled' ? launched.value : undefined;
  const close = async () => {
    for (const context of contexts.splice(0)) await context.close();
    await browser?.close();
    await app?.close();
  };
  if (!app || !browser) {
    await close();
    throw served.status === 'rejected' ? served.reason : (launched as PromiseRejectedResult).reason;
  }
  return {
    app,
    browser,
    pageErrors,
    async open(opening = {}) {
      const context = await browser.newContext({ viewport: { width: 1500, height: opening.height ?? 950 } });
      context.setDefaultTimeout(20_000);
      contexts.push(context);
      await context.route('**/config.json', (route) =>
        opening.config ? route.fulfill({ json: opening.config }) : route.fulfill({ status: 404, body: '' }),
      );
      if (opening.script)
        await context.addInitScript(`window.__SWITCHBOARD_SCRIPT__ = ${JSON.stringify(opening.script)};`);
      if (opening.initScript) await context.addInitScript(opening.initScript);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${app.url}?mode=standalone`);
      await page.waitForSelector('.app[data-ready="true"]');
      return page;
    },
    close,
  };
}
