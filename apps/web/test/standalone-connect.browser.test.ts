import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAuthorizationServer } from '../../../packages/servers/test/support/oidc-authorization-server.ts';
import { approveInPage } from './support/approve-in-page.ts';
import { hasChromium } from './support/launch-chromium.ts';
import {
  CALCULATE_SCRIPT,
  type ProtectedCalculator,
  startProtectedCalculator,
} from './support/proxied-calculator.ts';
import { type StandaloneBrowser, startStandaloneBrowser } from './support/standalone-browser.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));

/** Standalone mode's "Connect": the page itself runs the MCP authorization flow against a real authorization server. */
describe.skipIf(!hasChromium)('connecting an OAuth server in standalone mode (Chromium)', () => {
  let standalone: StandaloneBrowser;
  let issuer: TestAuthorizationServer;
  let calculator: ProtectedCalculator;
  let pageErrors: string[];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    calculator = await startProtectedCalculator();
    issuer = calculator.authorizationServer;
    standalone = await startStandaloneBrowser();
    ({ pageErrors } = standalone);
  }, 120_000);

  afterAll(async () => {
    await standalone?.close();
    await calculator?.close();
  });

  /** Opens the app in a fresh browser context (`initScript` runs in every page before the app). */
  const open = (initScript?: string) => standalone.open({ script: CALCULATE_SCRIPT, initScript });

  it('adds the protected server, connects it in a popup, calls its tool, and stays connected after a reload', async () => {
    const page = await open();
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.getByLabel('MCP server name').fill('calc');
    await page.getByLabel('MCP server URL').fill(calculator.url);
    await page.getByRole('button', { name: 'Add MCP server' }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="unauthorized"]');
    const card = page.getByTestId('connect-card');
    await expect(card.textContent()).resolves.toContain('Connect calc to use its tools');
    await page.screenshot({ path: `${SCREENSHOTS}standalone-connect-card.png` });

    const authorizationRequest = page
      .context()
      .waitForEvent('request', (request) => request.url().startsWith(`${issuer.issuer}/auth?`));
    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Connect calc' }).click();
    const popup = await popupOpened;
    await popup.waitForURL((url) => url.href.startsWith(issuer.issuer));
    await expect(popup.evaluate(() => window.opener)).resolves.toBeNull();
    const authorizationUrl = new URL((await authorizationRequest).url());
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(calculator.url);
    const closed = popup.waitForEvent('close');
    await approveInPage(popup, 'ada');
    await closed;

    await page.waitForSelector('[data-testid="connect-card"][data-status="connected"]');
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await page.getByRole('button', { name: 'calc_mcp_calculate' }).waitFor();
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
    expect(stored).toContain('access_token');
    await expect(page.evaluate(() => JSON.stringify({ ...localStorage }))).resolves.not.toContain(
      'access_token',
    );

    await page.getByRole('tab', { name: /Agent console/ }).click();
    await page.getByLabel('Message').fill('What is 5 + 3?');
    await page.getByLabel('Message').press('Enter');
    await page.locator('[data-role="assistant"]', { hasText: 'remote calculator answered' }).waitFor();
    await page.waitForSelector('.app[data-running="false"]');
    const call = page.locator('[data-testid="agent-console"] li.tool_call');
    await expect(call.locator('pre').textContent()).resolves.toMatch(/"result": "8"/);
    await page.screenshot({ path: `${SCREENSHOTS}standalone-connect-tool-result.png` });

    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await expect(page.getByTestId('connect-card').count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('with popups blocked, goes to the authorization page itself and comes back connected', async () => {
    const page = await open('window.open = () => null;');
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.getByLabel('MCP server name').fill('calc');
    await page.getByLabel('MCP server URL').fill(calculator.url);
    await page.getByRole('button', { name: 'Add MCP server' }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="unauthorized"]');
    const appUrl = page.url();

    await page.getByTestId('connect-card').getByRole('button', { name: 'Connect calc' }).click();
    await page.waitForURL((url) => url.href.startsWith(issuer.issuer));
    await approveInPage(page, 'grace');
    await page.waitForURL((url) => url.href === appUrl);
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await page.getByRole('button', { name: 'calc_mcp_calculate' }).waitFor();
    await expect(page.evaluate(() => JSON.stringify({ ...sessionStorage }))).resolves.not.toContain(
      'switchboard.oauth-redirect',
    );
    expect(pageErrors).toEqual([]);
  });
});
