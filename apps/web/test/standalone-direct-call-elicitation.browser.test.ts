import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/launch-chromium.ts';
import { type StandaloneBrowser, startStandaloneBrowser } from './support/standalone-browser.ts';
import type { PublishedAppServer } from './support/start-published-app-server.ts';
import { startServerEverything } from './support/start-server-everything.ts';

const TOOL = 'everything_mcp_trigger-elicitation-request';

/**
 * Standalone mode: a Tools-tab call to a remote server (the published server-everything over
 * Streamable HTTP) that asks for a form shows the form in the chat, and the person's accept,
 * decline or cancel reaches the server, which says so in the tool's result.
 */
describe.skipIf(!hasChromium)('a direct tool call asking the person, in standalone mode (Chromium)', () => {
  let standalone: StandaloneBrowser;
  let everything: PublishedAppServer;
  let pageErrors: string[];

  beforeAll(async () => {
    [standalone, everything] = await Promise.all([startStandaloneBrowser(), startServerEverything()]);
    ({ pageErrors } = standalone);
  }, 120_000);

  afterAll(async () => {
    await standalone?.close();
    await everything?.stop();
  });

  /** Opens the app in standalone mode connected to server-everything, on the Tools tab with the eliciting tool chosen. */
  async function openTool(): Promise<Page> {
    const page = await standalone.open({
      config: { mcpServers: [{ name: 'everything', url: everything.url }] },
    });
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await page.getByRole('button', { name: TOOL, exact: true }).click();
    return page;
  }

  /** Calls the tool, answers its form with `answer`, and waits for the tool's result to say `expected`. */
  async function callAndAnswer(
    page: Page,
    answer: (card: ReturnType<Page['getByTestId']>) => Promise<void>,
    expected: string,
  ) {
    await page.getByRole('button', { name: 'Call tool' }).click();
    const card = page.getByTestId('elicitation-card');
    await card.waitFor();
    await expect(card.locator('header').textContent()).resolves.toContain('everything asks for information');
    await answer(card);
    await card.waitFor({ state: 'detached' });
    await page.getByTestId('tool-result').filter({ hasText: expected }).waitFor();
  }

  it("shows the server's form in the chat; the submitted name reaches the tool's result", async () => {
    const page = await openTool();
    await callAndAnswer(
      page,
      async (card) => {
        await card.locator('input[name="name"]').fill('Ada Lovelace');
        await card.locator('header').scrollIntoViewIfNeeded();
        await page.screenshot({ path: '/tmp/h5-standalone-direct-call-form.png' });
        await card.getByRole('button', { name: 'Submit' }).click();
      },
      'Name: Ada Lovelace',
    );
    await page.screenshot({ path: '/tmp/h5-standalone-direct-call-result.png' });
    expect(pageErrors).toEqual([]);
  });

  it('sends decline and cancel back to the server', async () => {
    const page = await openTool();
    await callAndAnswer(
      page,
      (card) => card.getByRole('button', { name: 'Decline' }).click(),
      'User declined',
    );
    await callAndAnswer(
      page,
      (card) => card.getByRole('button', { name: 'Cancel' }).click(),
      'User cancelled',
    );
    await expect(page.getByTestId('tool-result').textContent()).resolves.not.toContain('User declined');
    expect(pageErrors).toEqual([]);
  });
});
