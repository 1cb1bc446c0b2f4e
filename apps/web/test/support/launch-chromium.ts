import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Debian's Chromium, installed by scripts/ensure-browser.sh; playwright never downloads a browser here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Whether the system Chromium is installed. */
export const hasChromium = existsSync(CHROMIUM_PATH);

/** Launches the system Chromium headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
