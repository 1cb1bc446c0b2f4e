import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { type ServedApp, serveBuiltApp } from './support/serve-built-app.ts';
import type { PublishedAppServer } from './support/start-published-app-server.ts';
import { type RealGateway, startRealGateway } from './support/start-real-gateway.ts';
import { startServerEverything } from './support/start-server-everything.ts';

/**
 * Attaching a resource named by a resource template, in both modes, with the published
 * server-everything (over Streamable HTTP), whose `demo://resource/dynamic/text/{resourceId}`
 * template completes `resourceId` (`completion/complete`) and fabricates the resource it names.
 */
describe.skipIf(!hasChromium)('attaching a resource from a resource template (Chromium)', () => {
  let browser: Browser;
  let everything: PublishedAppServer;
  let app: ServedApp;
  let gateway: RealGateway;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    everything = await startServerEverything();
    [gateway, browser, app] = await Promise.all([
      startRealGateway({ servers: [{ name: 'everything', url: everything.url }] }),
      launchChromium(),
      serveBuiltApp(),
    ]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await gateway?.close();
    await everything?.stop();
  });

  async function open(url: string, configure?: (page: Page) => Promise<unknown>): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await configure?.(page);
    await page.goto(url);
    await page.waitForSelector('.app[data-ready="true"]');
    return page;
  }

  /** Chooses the template, types a resource id, takes the server's suggestion, attaches and sends. */
  async function attachFromTemplate(page: Page, screenshot: string) {
    await page.getByRole('button', { name: 'Attach a resource' }).click();
    const option = page.getByTestId('resource-template-option').filter({ hasText: 'Dynamic Text Resource' });
    await expect(option.textContent()).resolves.toContain('demo://resource/dynamic/text/{resourceId}');
    await option.click();
    const form = page.getByTestId('template-form');
    await form.locator('input[name="resourceId"]').fill('7');
    const suggestion = form.getByRole('list', { name: 'Suggestions for resourceId' }).getByRole('button', {
      name: '7',
    });
    await suggestion.waitFor();
    await page.screenshot({ path: `/tmp/h5-${screenshot}-template-form.png` });
    await suggestion.click();
    await form.getByRole('button', { name: 'Attach' }).click();
    const attachment = page.getByTestId('attachment');
    await expect(attachment.getAttribute('title')).resolves.toBe('demo://resource/dynamic/text/7');
    await expect(attachment.textContent()).resolves.toContain('Dynamic Text Resource (7)');
    await form.waitFor({ state: 'detached' });
    await page.screenshot({ path: `/tmp/h5-${screenshot}-attached.png` });

    await page.getByLabel('Message').fill('What does this resource say?');
    await page.getByLabel('Message').press('Enter');
    const sent = page.locator('[data-role="user"]').last();
    await expect(sent.textContent()).resolves.toContain('Resource 7: This is a plaintext resource');
  }

  it('standalone: lists the remote server’s template, suggests a value, and attaches the resource it names', async () => {
    const page = await open(`${app.url}?mode=standalone`, (page) =>
      page.route('**/config.json', (route) =>
        route.fulfill({ json: { mcpServers: [{ name: 'everything', url: everything.url }] } }),
      ),
    );
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await attachFromTemplate(page, 'standalone');
    expect(pageErrors).toEqual([]);
  });

  it('gateway: the same through GET /servers/{id}/resources and POST /servers/{id}/complete', async () => {
    const page = await open(gateway.appUrl);
    await attachFromTemplate(page, 'gateway');
    expect(pageErrors).toEqual([]);
  });

  it('keeps the form open and says why when the server cannot read what the template names', async () => {
    const page = await open(gateway.appUrl);
    await page.getByRole('button', { name: 'Attach a resource' }).click();
    await page.getByTestId('resource-template-option').filter({ hasText: 'Dynamic Text Resource' }).click();
    const form = page.getByTestId('template-form');
    await form.locator('input[name="resourceId"]').fill('abc');
    await form.getByRole('button', { name: 'Attach' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('could not be read');
    await expect(form.count()).resolves.toBe(1);
    await expect(page.getByTestId('attachment').count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
