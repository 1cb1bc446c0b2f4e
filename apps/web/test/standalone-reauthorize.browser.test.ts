import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAuthorizationServer } from '../../../packages/servers/test/support/oidc-authorization-server.ts';
import { hasChromium } from './support/launch-chromium.ts';
import { type ProtectedCalculator, startProtectedCalculator } from './support/proxied-calculator.ts';
import { type StandaloneBrowser, startStandaloneBrowser } from './support/standalone-browser.ts';

/** Three turns, each asking the remote calculator then answering. */
const CALCULATE_SCRIPT = {
  delayMs: 10,
  turns: [1, 2, 3].flatMap((turn) => [
    {
      text: `Turn ${turn}: let me ask the remote calculator.`,
      toolCalls: [
        { id: `call_${turn}`, name: 'calc_mcp_calculate', input: { operation: 'add', a: 5, b: turn } },
      ],
    },
    { text: `Turn ${turn} is done.` },
  ]),
};

/** What the page keeps of the server's OAuth state (sessionStorage). */
interface StoredOAuth {
  client?: { client_id: string };
  tokens?: { access_token: string; refresh_token?: string };
}

/**
 * Standalone mode: a connected OAuth server whose authorization ends mid-session (its access token
 * expired at the real authorization server and its refresh token was revoked, so the server answers
 * 401 and refreshing fails) asks to be connected again in the chat, and connecting it resumes the
 * same conversation.
 */
describe.skipIf(!hasChromium)(
  'an OAuth server whose authorization ends, in standalone mode (Chromium)',
  () => {
    let standalone: StandaloneBrowser;
    let issuer: TestAuthorizationServer;
    let calculator: ProtectedCalculator;
    let pageErrors: string[];

    beforeAll(async () => {
      calculator = await startProtectedCalculator();
      issuer = calculator.authorizationServer;
      standalone = await startStandaloneBrowser();
      ({ pageErrors } = standalone);
    }, 120_000);

    afterAll(async () => {
      await standalone?.close();
      await calculator?.close();
    });

    const open = () => standalone.open({ script: CALCULATE_SCRIPT });

    /** Plays the person in the popup: oidc-provider's login and consent pages, whichever it shows, until the popup closes. */
    async function authorizeInPopup(page: Page, click: () => Promise<void>) {
      const popupOpened = page.waitForEvent('popup');
      await click();
      const popup = await popupOpened;
      const closed = popup.waitForEvent('close', { timeout: 60_000 });
      const login = popup.locator('input[name="login"]');
      const consent = popup.getByRole('button', { name: /continue/i });
      const step = await Promise.race([
        closed.then(() => 'closed' as const),
        login.waitFor().then(
          () => 'login' as const,
          () => 'closed' as const,
        ),
        consent.waitFor().then(
          () => 'consent' as const,
          () => 'closed' as const,
        ),
      ]);
      if (step === 'login') {
        await login.fill('ada');
        await popup.locator('input[name="password"]').fill('ada');
        await popup.locator('button[type="submit"]').click();
        await popup.waitForURL(/\/interaction\/[^/]+$/);
      }
      if (step !== 'closed') await consent.click();
      await closed;
    }

    async function ask(page: Page, turn: number) {
      await page.getByLabel('Message').fill(`What is 5 + ${turn}?`);
      await page.getByLabel('Message').press('Enter');
      await page.locator('[data-role="assistant"]', { hasText: `Turn ${turn} is done.` }).waitFor();
      await page.waitForSelector('.app[data-running="false"]');
    }

    const storedOAuth = (page: Page) =>
      page.evaluate(
        (url) => JSON.parse(sessionStorage.getItem(`switchboard.oauth:${url}`) ?? '{}'),
        calculator.url,
      ) as Promise<StoredOAuth>;

    it('shows the Connect card again when refreshing fails, and connecting resumes the same conversation', async () => {
      issuer.accessTokenTtl = 2;
      const page = await open();
      await page.getByRole('tab', { name: /Tools/ }).click();
      await page.getByLabel('MCP server name').fill('calc');
      await page.getByLabel('MCP server URL').fill(calculator.url);
      await page.getByRole('button', { name: 'Add MCP server' }).click();
      const card = page.getByTestId('connect-card');
      await authorizeInPopup(page, () => card.getByRole('button', { name: 'Connect calc' }).click());
      await page.waitForSelector('[data-testid="connect-card"][data-status="connected"]');
      await page.getByRole('tab', { name: /Agent console/ }).click();
      await ask(page, 1);
      const results = page.locator('[data-testid="agent-console"] li.tool_call pre');
      await expect(results.last().textContent()).resolves.toMatch(/"result": "6"/);

      // The authorization ends at the authorization server: no refresh, and the access token expires.
      const { client, tokens } = await storedOAuth(page);
      if (!client || !tokens?.refresh_token) throw new Error('the page keeps no refresh token');
      await issuer.revoke(tokens.refresh_token, client.client_id);
      const claims = tokens.access_token.split('.')[1] ?? '';
      const { exp } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { exp: number };
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 + 1_500 - Date.now())));

      await ask(page, 2);
      await page.waitForSelector('[data-testid="connect-card"][data-status="needed"]');
      await expect(card.textContent()).resolves.toContain('Connect calc again');
      await expect(results.last().textContent()).resolves.not.toMatch(/"result": "7"/);
      await page.screenshot({ path: '/tmp/h5-reauthorize-card.png' });
      await page.getByRole('tab', { name: /Tools/ }).click();
      await page.waitForSelector('[data-testid="remote-server"][data-state="unauthorized"]');
      await expect(page.getByRole('button', { name: 'calc_mcp_calculate' }).count()).resolves.toBe(0);

      issuer.accessTokenTtl = 300;
      await authorizeInPopup(page, () => card.getByRole('button', { name: 'Connect calc' }).click());
      await page.waitForSelector('[data-testid="connect-card"][data-status="connected"]');
      await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
      await page.getByRole('tab', { name: /Agent console/ }).click();
      await ask(page, 3);
      await expect(results.last().textContent()).resolves.toMatch(/"result": "8"/);
      const asked = await page.locator('[data-role="user"]').allTextContents();
      expect(asked.map((text) => text.trim())).toEqual([
        'What is 5 + 1?',
        'What is 5 + 2?',
        'What is 5 + 3?',
      ]);
      expect(pageErrors).toEqual([]);
    });
  },
);
