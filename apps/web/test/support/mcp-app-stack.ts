import type { Browser } from 'playwright-core';
import { launchChromium } from './launch-chromium.ts';
import type { ServedApp } from './serve-built-app.ts';
import { serveBuiltApp } from './serve-built-app.ts';
import type { PublishedAppServer } from './start-published-app-server.ts';
import { startPublishedAppServer } from './start-published-app-server.ts';

/** What the MCP Apps browser tests run against: the built app, Chromium, and the published app server. */
export interface McpAppStack {
  app: ServedApp;
  browser: Browser;
  appServer: PublishedAppServer;
  /** Closes the browser (and its contexts), the app and the server. */
  close(): Promise<void>;
}

/** Serves the app built for this run, launches Chromium and starts `server-basic-vanillajs`, side by side. */
export async function startMcpAppStack(): Promise<McpAppStack> {
  const [app, browser, appServer] = await Promise.all([
    serveBuiltApp(),
    launchChromium(),
    startPublishedAppServer(),
  ]);
  return {
    app,
    browser,
    appServer,
    close: async () => {
      await browser.close();
      await app.close();
      await appServer.stop();
    },
  };
}
