import type { Page } from 'playwright-core';

/** Plays the person at oidc-provider's development pages in `page`: any login (as its own password), then consent. */
export async function approveInPage(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(login);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/interaction\/[^/]+$/);
  await page.getByRole('button', { name: /continue/i }).click();
}
