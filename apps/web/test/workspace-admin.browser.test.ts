import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askInPage } from './support/ask-in-page.ts';
import { checkAccessibility } from './support/check-accessibility.ts';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { type RealGateway, startRealGateway } from './support/start-real-gateway.ts';

const SCREENSHOTS = fileURLToPath(
  new URL('../../../test-output/screenshots/workspace-admin/', import.meta.url),
);
const ADMIN_KEY = 'sk-browser-admin-7c1e';
const USER_KEY = 'sk-browser-uma-42d9';
const SIZES = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number]['name'];

/**
 * The usage page and the admin console against the real gateway with two configured users: Ada
 * (administrator) and Uma (user). Uma chats once (the offline planner calls the calculator), so
 * usage and the audit trail have rows; Ada manages users, keys, a server of Uma's, the policy, at
 * desktop and phone sizes, each page checked with axe-core and screenshotted.
 */
describe.skipIf(!hasChromium)('the usage page and the admin console (Chromium, real gateway)', () => {
  let gateway: RealGateway;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const admin = {} as Record<Size, Page>;
  let uma: Page;
  let umaPhone: Page;
  const pageErrors: string[] = [];

  /** A call to the gateway's API from this process, as the holder of `key`. */
  const api = async (key: string, path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${gateway.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${key}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  };

  /** A page of the app signed in with `key` at `size`. */
  const open = async (key: string, size: (typeof SIZES)[number]) => {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      extraHTTPHeaders: { Authorization: `Bearer ${key}` },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(gateway.url);
    await page.waitForSelector('.app[data-ready="true"]');
    return page;
  };

  const shot = (page: Page, flow: string, size: Size) =>
    page.screenshot({ path: `${SCREENSHOTS}${flow}-${size}.png` });

  const openAdmin = async (page: Page, section: string) => {
    if ((await page.locator('.app[data-page="admin"]').count()) === 0)
      await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('tab', { name: section, exact: true }).click();
  };

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [gateway, browser] = await Promise.all([
      startRealGateway({
        users: [
          { id: 'ada', name: 'Ada Admin', role: 'admin', apiKey: ADMIN_KEY },
          { id: 'uma', name: 'Uma User', role: 'user', apiKey: USER_KEY },
        ],
        models: [
          {
            id: 'planner',
            label: 'House planner',
            vendor: 'offline',
            default: true,
            price: { input: 3, output: 15 },
          },
        ],
        allowPrivateNetworks: true,
      }),
      launchChromium(),
    ]);
    // A server of Uma's own (nothing answers there: sharing it needs only its registration).
    const registered = await api(USER_KEY, '/servers', {
      method: 'POST',
      body: { name: 'uma-notes', url: 'http://127.0.0.1:9/mcp' },
    });
    expect(registered.status).toBe(201);
    [admin.desktop, admin.phone, uma, umaPhone] = await Promise.all([
      open(ADMIN_KEY, SIZES[0]),
      open(ADMIN_KEY, SIZES[1]),
      open(USER_KEY, SIZES[0]),
      open(USER_KEY, SIZES[1]),
    ]);
    await askInPage(uma, 'what is 5 plus 3');
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gateway?.close();
  });

  it('shows a user their usage by day, model and tool, no Admin button, and refuses them the admin routes', async () => {
    for (const [page, size] of [
      [uma, 'desktop'],
      [umaPhone, 'phone'],
    ] as const) {
      await expect(page.getByRole('button', { name: 'Admin', exact: true }).count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Usage', exact: true }).click();
      await page.getByRole('heading', { name: 'Your usage' }).waitFor();
      const byTool = page.getByTestId('usage-by-tool');
      await byTool.locator('tbody th', { hasText: 'calculator' }).first().waitFor();
      await expect(
        page.getByTestId('usage-by-model').locator('tbody th').first().textContent(),
      ).resolves.toBe('House planner');
      // Priced in the configuration: the cost column shows dollars.
      await expect(
        page.getByTestId('usage-by-day').locator('tbody td').last().textContent(),
      ).resolves.toMatch(/^\$\d/);
      await checkAccessibility(page, `usage, ${size}`);
      await shot(page, 'usage', size);
      await page.getByRole('button', { name: '← Back to chat' }).click();
      await page.waitForSelector('.app[data-page="chat"]');
    }
    const refused = await uma.evaluate(async () => {
      const statuses: number[] = [];
      for (const [method, path] of [
        ['GET', '/users'],
        ['GET', '/users/ada/keys'],
        ['GET', '/audit'],
        ['GET', '/usage?all=true'],
        ['GET', '/usage?user=ada'],
        ['GET', '/servers?all=true'],
      ])
        statuses.push((await fetch(path, { method })).status);
      statuses.push(
        (
          await fetch('/policy/preview', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ server: 'calculator', tool: 'calculate' }),
          })
        ).status,
      );
      return statuses;
    });
    expect(refused).toEqual([403, 403, 403, 403, 403, 403, 403]);
  });

  it('creates a user (their key shown once works), disables them (refused at once) and enables them again', async () => {
    for (const size of SIZES) {
      const page = admin[size.name];
      await openAdmin(page, 'Users');
      const name = `Carol ${size.name}`;
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Create user' }).click();
      const key = (await page.getByTestId('new-key-value').textContent()) as string;
      expect(key).toMatch(/^sk-sb-/);
      await page.getByTestId('new-key').getByRole('button', { name: 'Copy' }).click();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(key);
      expect((await api(key, '/me')).body).toMatchObject({ name, role: 'user' });
      await checkAccessibility(page, `admin users, ${size.name}`);
      await shot(page, 'users', size.name);
      await page.getByTestId('new-key').getByRole('button', { name: 'Done' }).click();

      await page.getByRole('button', { name: `Disable ${name}` }).click();
      await page.getByRole('button', { name: `Enable ${name}` }).waitFor();
      expect((await api(key, '/me')).status).toBe(401);
      await shot(page, 'users-disabled', size.name);
      await page.getByRole('button', { name: `Enable ${name}` }).click();
      await page.getByRole('button', { name: `Disable ${name}` }).waitFor();
      expect((await api(key, '/me')).status).toBe(200);
    }
  });

  it('issues a named key for Uma (shown once, listed with when it was last used) and revokes it: 401 after', async () => {
    for (const size of SIZES) {
      const page = admin[size.name];
      await openAdmin(page, 'API keys');
      await page.getByLabel('Keys of').selectOption('uma');
      const keyName = `laptop ${size.name}`;
      await page.getByLabel('Key name').fill(keyName);
      await page.getByRole('button', { name: 'Issue key' }).click();
      const key = (await page.getByTestId('new-key-value').textContent()) as string;
      expect((await api(key, '/me')).body).toMatchObject({ id: 'uma' });
      await page.getByTestId('new-key').getByRole('button', { name: 'Done' }).click();
      const row = page.locator(`[data-testid="keys-table"] tr[data-key="${keyName}"]`);
      await row.waitFor();
      // Listed without the key: the table never shows it again.
      await expect(page.getByTestId('keys-table').textContent()).resolves.not.toContain(key);
      await checkAccessibility(page, `admin keys, ${size.name}`);
      await shot(page, 'keys', size.name);
      await row.getByRole('button', { name: `Revoke the key ${keyName}` }).click();
      await row.waitFor({ state: 'detached' });
      expect((await api(key, '/me')).status).toBe(401);
      expect((await api(USER_KEY, '/me')).status).toBe(200);
    }
  });

  it("shares a user's server with everyone, and stops sharing it", async () => {
    for (const [size, shared] of [
      ['desktop', true],
      ['phone', false],
    ] as const) {
      const page = admin[size];
      await openAdmin(page, 'Servers');
      const share = page.getByLabel('Share uma-notes');
      await share.waitFor();
      await share.setChecked(shared);
      await expect
        .poll(async () => {
          const servers = (await api(ADMIN_KEY, '/servers?all=true')).body.items as Array<{
            name: string;
            shared: boolean;
          }>;
          return servers.find((server) => server.name === 'uma-notes')?.shared;
        })
        .toBe(shared);
      await checkAccessibility(page, `admin servers, ${size}`);
      await shot(page, 'servers', size);
    }
  });

  it('previews a policy edit live, and what it previews is what the gateway enforces once saved', async () => {
    const servers = (await api(USER_KEY, '/servers')).body.items as Array<{ id: string; name: string }>;
    const calculator = servers.find((server) => server.name.startsWith('calculator'));
    if (!calculator)
      throw new Error(`no calculator among ${servers.map((server) => server.name).join(', ')}`);
    const add = () =>
      api(USER_KEY, `/servers/${calculator.id}/tools/call`, {
        method: 'POST',
        body: { name: 'calculate', arguments: { operation: 'add', a: 2, b: 3 } },
      });
    for (const size of SIZES) {
      const page = admin[size.name];
      await openAdmin(page, 'Policy');
      const decision = page.getByTestId('policy-decision');
      await page.getByLabel('Server', { exact: true }).fill(calculator.name);
      await page.getByLabel('Tool', { exact: true }).fill('calculate');
      await page.getByLabel('Annotated read-only').selectOption('true');
      // The calculator says it is read-only, as the preview is told: under the gateway's default
      // policy it runs, and so it does.
      await page.waitForSelector('[data-testid="policy-decision"][data-action="allow"]');
      await expect(decision.textContent()).resolves.toContain('calculator_storage:calculate');
      if (size.name === 'desktop') expect((await add()).status).toBe(200);

      await page.getByRole('button', { name: 'Add rule' }).click();
      const rule = page.locator('.rule').last();
      await rule.getByLabel('Match').fill('calculator*');
      await rule.getByLabel('Action').selectOption('deny');
      await page.waitForSelector('[data-testid="policy-decision"][data-action="deny"]');
      await checkAccessibility(page, `admin policy, ${size.name}`);
      await shot(page, 'policy', size.name);
      if (size.name === 'desktop') {
        await page.getByRole('button', { name: 'Save policy' }).click();
        await page.getByText('Saved: the gateway enforces this policy now.').waitFor();
        const refused = await add();
        expect(refused.status).toBe(403);
        // What was previewed is what is enforced: remove the rule again, and the call runs.
        await rule.getByRole('button', { name: /Remove rule/ }).click();
        await page.waitForSelector('[data-testid="policy-decision"][data-action="allow"]');
        await page.getByRole('button', { name: 'Save policy' }).click();
        await page.getByText('Saved: the gateway enforces this policy now.').waitFor();
        expect((await add()).status).toBe(200);
      } else {
        await rule.getByRole('button', { name: /Remove rule/ }).click();
      }
    }
  });

  it("shows everyone's usage by person, model and tool, and the audit trail filtered, after a chat turn", async () => {
    for (const size of SIZES) {
      const page = admin[size.name];
      await openAdmin(page, 'Usage');
      const people = page.getByTestId('usage-by-person');
      await people.locator('tbody th', { hasText: 'Uma User' }).waitFor();
      await page
        .getByTestId('usage-by-tool')
        .locator('tbody th', { hasText: 'calculator' })
        .first()
        .waitFor();
      await checkAccessibility(page, `admin usage, ${size.name}`);
      await shot(page, 'admin-usage', size.name);

      await openAdmin(page, 'Audit');
      const table = page.getByTestId('audit-table');
      await table.locator('tbody tr', { hasText: 'calculator' }).first().waitFor();
      await page.getByLabel('User').selectOption('uma');
      await page.getByLabel('Via').selectOption('chat');
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect
        .poll(async () => (await table.locator('tbody tr td:nth-child(3)').allTextContents()).join(','))
        .toMatch(/^chat(,chat)*$/);
      await page.getByLabel('Via').selectOption('direct');
      await page.getByLabel('Outcome').selectOption('denied');
      await page.getByRole('button', { name: 'Filter' }).click();
      await table.locator('tbody tr[data-outcome="denied"]', { hasText: 'calculate' }).first().waitFor();
      await checkAccessibility(page, `admin audit, ${size.name}`);
      await shot(page, 'audit', size.name);
    }
    expect(pageErrors).toEqual([]);
  });

  it('moves between the admin sections with the arrow keys, and back to the chat from the keyboard', async () => {
    const page = admin.desktop;
    await openAdmin(page, 'Users');
    await page.getByRole('tab', { name: 'Users', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    const keys = page.getByRole('tab', { name: 'API keys', exact: true });
    await expect(keys.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(keys.evaluate((tab) => tab === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(
      page.getByRole('tab', { name: 'Audit', exact: true }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await page.getByRole('button', { name: '← Back to chat' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.app[data-page="chat"]');
    await expect(page.getByLabel('Message').isVisible()).resolves.toBe(true);
  });
});
