import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import type { PublishedAppServer } from './support/start-published-app-server.ts';
import { type RealGateway, startRealGateway } from './support/start-real-gateway.ts';
import { startServerEverything } from './support/start-server-everything.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));

/** Gateway mode: a Tools-tab call whose server asks for a form (the published server-everything) shows the form in the chat. */
describe.skipIf(!hasChromium)('a direct tool call asking the person, through the gateway (Chromium)', () => {
  let gateway: RealGateway;
  let browser: Browser;
  let everything: PublishedAppServer;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const started = startServerEverything();
    [gateway, browser, everything] = await Promise.all([
      started.then((server) => startRealGateway({ servers: [{ name: 'everything', url: server.url }] })),
      launchChromium(),
      started,
    ]);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await everything?.stop();
  });

  it("shows the server's form as the chat's card; the submitted name reaches the tool's result", async () => {
    const context = await browser.newContext({ viewport: { width: 1500, height: 1900 } });
    context.setDefaultTimeout(20_000);
    const page: Page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(gateway.appUrl);
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.getByRole('button', { name: 'everything:trigger-elicitation-request', exact: true }).click();
    await page.getByRole('button', { name: 'Call tool' }).click();

    // A fresh gateway asks before a tool that is not read-only: its own question comes first.
    const approval = page.locator('[data-testid="elicitation-card"][data-asker="gateway"]');
    await approval.waitFor();
    await expect(approval.getByTestId('approval-call').textContent()).resolves.toBe(
      'everything:trigger-elicitation-request',
    );
    await approval.getByRole('button', { name: 'Approve' }).click();
    await approval.waitFor({ state: 'detached' });

    const card = page.getByTestId('elicitation-card');
    await card.waitFor();
    await expect(card.locator('header').textContent()).resolves.toContain('everything asks for information');
    await card.locator('input[name="name"]').fill('Ada Lovelace');
    await page.screenshot({ path: `${SCREENSHOTS}direct-call-elicitation.png` });
    await card.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByTestId('tool-result').textContent()).resolves.toContain('Name: Ada Lovelace');
    await expect(card.count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
