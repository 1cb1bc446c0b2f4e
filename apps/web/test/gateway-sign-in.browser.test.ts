import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../packages/server/test/support/http-client.ts';
import { GATEWAY_CONVERSATION_KEY } from '../src/lib/gateway/gateway-driver.ts';
import { approveInPage } from './support/approve-in-page.ts';
import { askInPage } from './support/ask-in-page.ts';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { SIGN_IN_KEYS, type SignInStack, startSignInStack } from './support/start-sign-in-stack.ts';

const SCREENSHOT = '/tmp/web-sign-in.png';
const SIGN_IN_SCREENSHOT = '/tmp/web-sign-in-screen.png';
const TOKEN_KEY = 'switchboard.gateway.sign-in';

/**
 * "Sign in with <identity provider>" in Chromium: the web app in gateway mode, a gateway with API
 * keys only (no open access) offering web sign-in, and a real authorization server (oidc-provider).
 */
describe.skipIf(!hasChromium)('signing in to the gateway from the web app (Chromium, oidc-provider)', () => {
  let stack: SignInStack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let aliceConversation: string;
  let bobConversation: string;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startSignInStack(), launchChromium()]);
    // Each has a conversation already, made with their API key.
    const alice = apiClient(stack.url, SIGN_IN_KEYS.alice);
    const bob = apiClient(stack.url, SIGN_IN_KEYS.bob);
    aliceConversation = (await alice.post('/conversations', {})).body.id;
    bobConversation = (await bob.post('/conversations', {})).body.id;
    stack.model.enqueue({ text: 'Noted, Alice.' }, { text: 'Noted, Bob.' });
    expect(
      (await alice.post(`/conversations/${aliceConversation}/chat`, { content: 'Alice asks about tulips' }))
        .status,
    ).toBe(200);
    expect(
      (await bob.post(`/conversations/${bobConversation}/chat`, { content: 'Bob asks about his payroll' }))
        .status,
    ).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stack?.close();
  });

  /** A fresh browser whose app remembers `conversationId` as its open conversation (as a shared browser would), once. */
  async function openApp(conversationId: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1300, height: 820 } });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    await context.addInitScript(
      ([origin, key, id]) => {
        if (window.location.origin !== origin || window.sessionStorage.getItem('test.seeded')) return;
        window.sessionStorage.setItem('test.seeded', '1');
        window.localStorage.setItem(key, id);
      },
      [stack.url, GATEWAY_CONVERSATION_KEY, conversationId],
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(stack.url);
    return page;
  }

  /** Signs in from the sign-in screen as `login` at the identity provider, back to the ready app. */
  async function signIn(page: Page, login: string) {
    const screen = page.getByTestId('sign-in');
    await screen
      .getByRole('button', { name: `Sign in with ${new URL(stack.authorizationServer.issuer).host}` })
      .click();
    await page.waitForURL((url) => url.href.startsWith(stack.authorizationServer.issuer));
    await approveInPage(page, login);
    await page.waitForURL((url) => url.href.startsWith(stack.url));
    await page.waitForSelector('.app[data-ready="true"]');
  }

  const userMessages = (page: Page) => page.locator('[data-role="user"]').allInnerTexts();

  it('signs Alice in at the identity provider, back to her own conversation, where she chats; signing out asks again', async () => {
    const page = await openApp(aliceConversation);
    await page.getByTestId('sign-in').waitFor();
    await expect(page.locator('.app').count()).resolves.toBe(0);

    await signIn(page, 'alice-sso');
    expect(new URL(page.url()).search).toBe('');
    await expect(userMessages(page)).resolves.toEqual(['Alice asks about tulips']);
    await expect(page.locator('body').textContent()).resolves.not.toContain('payroll');

    // The token lives in this tab's sessionStorage only, and is a token for the API as Alice.
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY);
    const token = (JSON.parse(stored ?? '{}') as { accessToken?: string }).accessToken as string;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const local = await page.evaluate(() => Object.values({ ...localStorage }).join('\n'));
    expect(local).not.toContain(token);
    const asAlice = apiClient(stack.url, token);
    const listed = (await asAlice.get('/conversations')).body.items.map((item: { id: string }) => item.id);
    expect(listed).toContain(aliceConversation);
    expect(listed).not.toContain(bobConversation);

    stack.model.enqueue({ text: 'Tulips bloom in April.' });
    await askInPage(page, 'When do tulips bloom?');
    await expect(page.locator('[data-role="assistant"]').last().textContent()).resolves.toContain(
      'Tulips bloom in April.',
    );
    const messages = await apiClient(stack.url, SIGN_IN_KEYS.alice).get(
      `/conversations/${aliceConversation}/messages`,
    );
    expect(messages.body.items.map((m: { content?: string }) => m.content)).toContain(
      'When do tulips bloom?',
    );
    await page.screenshot({ path: SCREENSHOT });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByTestId('sign-in').waitFor();
    await page.screenshot({ path: SIGN_IN_SCREENSHOT });
    await expect(page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).resolves.toBeNull();
    await expect(
      page.evaluate((key) => localStorage.getItem(key), GATEWAY_CONVERSATION_KEY),
    ).resolves.toBeNull();
    // Nor does this browser keep what her conversation's canvas showed, for whoever signs in next.
    await expect(
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('switchboard.gateway.'))),
    ).resolves.toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("shows Bob, signed in where Alice's conversation was open, none of hers", async () => {
    const page = await openApp(aliceConversation);
    await signIn(page, 'bob-sso');
    await expect(userMessages(page)).resolves.toEqual([]);
    await expect(page.locator('body').textContent()).resolves.not.toContain('tulips');
    const opened = await page.evaluate((key) => localStorage.getItem(key), GATEWAY_CONVERSATION_KEY);
    expect(opened).not.toBe(aliceConversation);
    const bobs = await apiClient(stack.url, SIGN_IN_KEYS.bob).get('/conversations');
    expect(bobs.body.items.map((item: { id: string }) => item.id)).toContain(opened);
    expect(pageErrors).toEqual([]);
  });

  it('asks to sign in again when the gateway refuses the token (401)', async () => {
    const page = await openApp(aliceConversation);
    await signIn(page, 'alice-sso');
    await page.evaluate((key) => {
      const stored = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { accessToken: string };
      const [header, payload] = stored.accessToken.split('.');
      sessionStorage.setItem(key, JSON.stringify({ accessToken: `${header}.${payload}.forged-signature` }));
    }, TOKEN_KEY);
    await page.reload();
    const screen = page.getByTestId('sign-in');
    await screen.waitFor();
    await expect(screen.getByRole('alert').textContent()).resolves.toContain('sign in again');
    await expect(page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).resolves.toBeNull();
  });

  it('serves where to sign in without a credential, and nothing secret', async () => {
    const response = await fetch(`${stack.url}/auth/sign-in-config`);
    expect(await response.json()).toEqual({
      issuer: stack.authorizationServer.issuer,
      client_id: stack.clientId,
      scopes: ['mcp'],
      resource: stack.url,
    });
    const appConfig = (await (await fetch(`${stack.url}/config.json`)).json()) as Record<string, unknown>;
    expect(appConfig).not.toHaveProperty('apiKey');
    expect(JSON.stringify(appConfig)).not.toMatch(/sk-sign-in|secret/i);
  });
});
