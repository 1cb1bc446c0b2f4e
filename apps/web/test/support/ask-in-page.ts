import type { Page } from 'playwright-core';

/**
 * Sends `text` from the app's message box in `page` and waits for the turn to end (the message
 * shows in the same update that marks the app running).
 */
export async function askInPage(page: Page, text: string): Promise<void> {
  const before = await page.locator('[data-role="user"]').count();
  await page.getByLabel('Message').fill(text);
  await page.getByLabel('Message').press('Enter');
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-role="user"]').length > count,
    before,
  );
  await page.waitForSelector('.app[data-running="false"]');
}
