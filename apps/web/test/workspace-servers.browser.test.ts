import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type HttpServing, serveHttp } from '@switchboard/servers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalMcpRegistry,
  NPM_WEATHER_ENTRY,
  remoteWeatherEntry,
  startKeyedWeatherServer,
  startLocalMcpRegistry,
  weatherServer,
} from '../../../packages/server/test/support/local-mcp-registry.ts';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../../packages/servers/test/support/oidc-authorization-server.ts';
import { GATEWAY_CONVERSATION_KEY } from '../src/lib/gateway/gateway-driver.ts';
import { approveInPage } from './support/approve-in-page.ts';
import { askInPage } from './support/ask-in-page.ts';
import { checkAccessibility } from './support/check-accessibility.ts';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { type RealGateway, startRealGateway } from './support/start-real-gateway.ts';

const SCREENSHOTS = fileURLToPath(
  new URL('../../../test-output/screenshots/workspace-servers/', import.meta.url),
);
const USER_KEY = 'sk-browser-sam-5e21';
/** The weather server's key: typed into the page once, never shown back. */
const WEATHER_KEY = 'weather-key-93ac1f';
const SIZES = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number]['name'];

/**
 * The Servers tab against the real gateway, its registry a local one serving the published
 * examples' shapes (a remote weather server with a secret header, an npm package): Sam, a user,
 * sees the servers with their tool counts, switches a tool off for the conversation (the offline
 * planner no longer gets it), adds a server by URL with a secret header, searches the registry,
 * adds its remote filling its secret and calls a tool of it, and is told why the npm package is
 * not for him — at desktop and phone sizes, each state checked with axe-core and screenshotted.
 */
describe.skipIf(!hasChromium)('the Servers tab and the MCP Registry (Chromium, real gateway)', () => {
  let gateway: RealGateway;
  let browser: Browser;
  let registry: LocalMcpRegistry;
  let weather: Awaited<ReturnType<typeof startKeyedWeatherServer>>;
  let authorizationServer: TestAuthorizationServer;
  /** The weather server again, as a resource each person connects with OAuth. */
  let forecasts: HttpServing;
  const contexts: BrowserContext[] = [];
  const pages = {} as Record<Size, Page>;
  const pageErrors: string[] = [];

  const shot = (page: Page, flow: string, size: Size) =>
    page.screenshot({ path: `${SCREENSHOTS}${flow}-${size}.png` });

  const open = async (size: (typeof SIZES)[number]) => {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      extraHTTPHeaders: { Authorization: `Bearer ${USER_KEY}` },
    });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(gateway.url);
    await page.waitForSelector('.app[data-ready="true"]');
    return page;
  };

  /** Opens the side panel's Servers tab (behind the Console button on a phone). */
  const openServersTab = async (page: Page) => {
    if ((await page.locator('#side-panel').count()) === 0)
      await page.getByRole('button', { name: 'Console', exact: true }).click();
    await page.getByRole('tab', { name: 'Servers', exact: true }).click();
    await page.getByTestId('servers-panel').waitFor();
  };

  const card = (page: Page, name: string) => page.locator(`[data-server="${name}"]`);

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    weather = await startKeyedWeatherServer(WEATHER_KEY);
    registry = await startLocalMcpRegistry([remoteWeatherEntry(weather.origin), NPM_WEATHER_ENTRY]);
    authorizationServer = await startAuthorizationServer({ resourceScopes: 'mcp' });
    forecasts = await serveHttp(weatherServer, {
      oauth: { issuer: authorizationServer.issuer, requiredScopes: ['mcp'] },
    });
    [gateway, browser] = await Promise.all([
      startRealGateway({
        users: [{ id: 'sam', name: 'Sam User', role: 'user', apiKey: USER_KEY }],
        registry: { url: registry.url },
        servers: [{ name: 'forecasts', url: forecasts.url, oauth: {} }],
        // The weather server listens on loopback, where users may not register servers otherwise.
        allowPrivateNetworks: true,
      }),
      launchChromium(),
    ]);
    [pages.desktop, pages.phone] = await Promise.all([open(SIZES[0]), open(SIZES[1])]);
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gateway?.close();
    await registry?.close();
    await weather?.close();
    await forecasts?.close();
    await authorizationServer?.close();
  });

  it('lists the servers the person can use with their tool counts', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const page = pages[size];
      await openServersTab(page);
      for (const name of ['calculator-storage', 'shop', 'open-data'])
        await expect(card(page, name).getByTestId('tool-count').textContent()).resolves.toMatch(
          /^\d+ tools?$/,
        );
      // The count the gateway lists for the calculator, read from its tools route.
      const listed = await page.evaluate(async () => {
        const { items } = await (await fetch('/servers')).json();
        const calculator = items.find((item: { name: string }) => item.name === 'calculator-storage');
        return (await (await fetch(`/servers/${calculator.id}/tools`)).json()).items.length;
      });
      expect(listed).toBeGreaterThan(1);
      await expect(card(page, 'calculator-storage').getByTestId('tool-count').textContent()).resolves.toBe(
        `${listed} tools`,
      );
      await checkAccessibility(page, `servers list, ${size}`);
      await shot(page, 'servers-list', size);
    }
  });

  it('connects and disconnects a server that authorizes each person with OAuth', async () => {
    const page = pages.desktop;
    const server = card(page, 'forecasts');
    await expect(server.locator('.state').textContent()).resolves.toBe('Not connected');
    const popupOpened = page.waitForEvent('popup');
    await server.getByRole('button', { name: 'Connect forecasts' }).click();
    const popup = await popupOpened;
    await popup.waitForURL((url) => url.href.startsWith(authorizationServer.issuer));
    const closed = popup.waitForEvent('close');
    await approveInPage(popup, 'sam');
    await closed;
    await page.waitForFunction(
      () =>
        document.querySelector('[data-server="forecasts"] [data-testid="tool-count"]')?.textContent ===
          '1 tool' && document.querySelector('[data-server="forecasts"] .state')?.textContent === 'Connected',
    );
    await checkAccessibility(page, 'OAuth server connected, desktop');
    await shot(page, 'oauth-connected', 'desktop');
    await server.getByRole('button', { name: 'Disconnect forecasts' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-server="forecasts"] .state')?.textContent === 'Not connected',
    );
    await server.getByRole('button', { name: 'Connect forecasts' }).waitFor();
  });

  it('switches a tool off for the conversation: the model no longer gets it', async () => {
    const page = pages.desktop;
    const calculator = card(page, 'calculator-storage');
    await calculator.getByRole('button', { name: 'Show the tools of calculator-storage' }).click();
    const calculate = calculator.getByRole('checkbox', { name: 'Calculate' });
    await expect(calculate.isChecked()).resolves.toBe(true);
    await calculate.uncheck();
    await page.waitForFunction(() => {
      const box = [
        ...document.querySelectorAll('[data-server="calculator-storage"] input[type="checkbox"]'),
      ].find((input) => input.closest('label')?.textContent?.includes('Calculate')) as
        | HTMLInputElement
        | undefined;
      return box && !box.checked && !box.disabled;
    });
    await checkAccessibility(page, 'tool switched off, desktop');
    await shot(page, 'tool-off', 'desktop');
    await askInPage(page, 'what is 5 plus 3');
    const answers = (await page.locator('[data-role="assistant"]').allInnerTexts()).join('\n');
    expect(answers).not.toContain('Result: 8');
    const conversation = await page.evaluate(async (key) => {
      const id = window.localStorage.getItem(key);
      return (await fetch(`/conversations/${id}/tools`)).json();
    }, GATEWAY_CONVERSATION_KEY);
    expect(conversation.items).not.toContainEqual({ server_id: expect.any(String), tool_name: 'calculate' });
    expect(conversation.items.length).toBeGreaterThan(0);
  });

  it('switches a whole server off for the conversation on a phone', async () => {
    const page = pages.phone;
    await openServersTab(page);
    const offer = card(page, 'open-data').getByRole('switch', {
      name: 'Offer open-data in this conversation',
    });
    await expect(offer.isChecked()).resolves.toBe(true);
    await offer.uncheck();
    await page.waitForFunction(() => {
      const box = document.querySelector(
        '[data-server="open-data"] input[role="switch"]',
      ) as HTMLInputElement | null;
      return box && !box.checked && !box.disabled;
    });
    const conversation = await page.evaluate(async (key) => {
      const id = window.localStorage.getItem(key);
      const [enabled, servers] = await Promise.all([
        (await fetch(`/conversations/${id}/tools`)).json(),
        (await fetch('/servers')).json(),
      ]);
      return {
        enabled: enabled.items,
        openData: servers.items.find((item: { name: string }) => item.name === 'open-data').id,
      };
    }, GATEWAY_CONVERSATION_KEY);
    expect(conversation.enabled.length).toBeGreaterThan(0);
    expect(conversation.enabled.map((entry: { server_id: string }) => entry.server_id)).not.toContain(
      conversation.openData,
    );
    await checkAccessibility(page, 'server switched off, phone');
    await shot(page, 'tool-off', 'phone');
  });

  it('adds a server by URL with a secret header that is never shown back', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const page = pages[size];
      const name = `weather-url-${size}`;
      await openServersTab(page);
      await page.getByRole('button', { name: 'Add by URL' }).click();
      await page.getByLabel('Server name').fill(name);
      await page.getByLabel('URL (Streamable HTTP)').fill(weather.url);
      await page.getByRole('button', { name: 'Add a header' }).click();
      await page.getByRole('group', { name: 'Header 1' }).getByLabel('Name').fill('Authorization');
      const secret = page.getByLabel('Value (secret)');
      await expect(secret.getAttribute('type')).resolves.toBe('password');
      await secret.fill(`Bearer ${WEATHER_KEY}`);
      await checkAccessibility(page, `add by URL, ${size}`);
      await shot(page, 'add-by-url', size);
      await page.getByRole('button', { name: 'Add server' }).click();
      await card(page, name).waitFor();
      await expect(card(page, name).textContent()).resolves.toContain(
        'Authorization (kept encrypted, never shown)',
      );
      await page.waitForFunction(
        (server) =>
          document.querySelector(`[data-server="${server}"] [data-testid="tool-count"]`)?.textContent ===
          '1 tool',
        name,
      );
      expect(await page.content()).not.toContain(WEATHER_KEY);
      const listed = await page.evaluate(async () => JSON.stringify(await (await fetch('/servers')).json()));
      expect(listed).not.toContain(WEATHER_KEY);
      expect(listed).toContain('"Authorization":"***"');
    }
    // One's own server can be removed; the deployment's cannot (no Remove button).
    const page = pages.desktop;
    await card(page, 'weather-url-desktop')
      .getByRole('button', { name: 'Remove weather-url-desktop' })
      .click();
    await card(page, 'weather-url-desktop').waitFor({ state: 'detached' });
    await expect(card(page, 'shop').getByRole('button', { name: 'Remove shop' }).count()).resolves.toBe(0);
  });

  it('searches the registry, adds its remote filling the secret it declares, and uses a tool of it', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const page = pages[size];
      const name = `remote-weather-${size}`;
      await openServersTab(page);
      await page.getByRole('button', { name: 'Add from the MCP Registry' }).click();
      await page.getByLabel('Search the registry').fill('weather');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      // The list before the search may hold the same servers: wait for the search to reach the registry.
      await expect
        .poll(() => registry.requests.some((request) => request.includes('search=weather')))
        .toBe(true);
      await page.waitForFunction(() => document.querySelectorAll('[data-registry-server]').length === 2);
      await page.locator('[data-registry-server="io.github.user/local-weather"]').waitFor();
      await checkAccessibility(page, `registry search, ${size}`);
      await shot(page, 'registry-search', size);

      await page.getByRole('button', { name: 'Choose Remote Weather' }).click();
      const key = page.getByLabel(/^api_key \(Authorization header\)/);
      await expect(key.getAttribute('type')).resolves.toBe('password');
      await key.fill(WEATHER_KEY);
      await page.getByLabel('Name on this gateway (optional)').fill(name);
      await checkAccessibility(page, `registry remote, ${size}`);
      await shot(page, 'registry-remote', size);
      await page.getByRole('button', { name: 'Add Remote Weather' }).click();
      await card(page, name).waitFor();
      expect(await page.content()).not.toContain(WEATHER_KEY);

      await page.getByRole('tab', { name: /^Tools/ }).click();
      await page.getByRole('button', { name: `${name}:forecast` }).click();
      await page.locator('input[name="city"]').fill('Lisbon');
      await page.getByRole('button', { name: 'Call tool' }).click();
      await expect(page.getByTestId('tool-result').textContent()).resolves.toContain('Sunny in Lisbon');
      await shot(page, 'registry-tool-call', size);
    }
  });

  it('tells a person who is not an administrator why a package server is not for them', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const page = pages[size];
      await openServersTab(page);
      if ((await page.getByTestId('registry').count()) === 0)
        await page.getByRole('button', { name: 'Add from the MCP Registry' }).click();
      await page.getByRole('button', { name: 'Choose io.github.user/local-weather' }).click();
      const refusal = page.getByTestId('refusal');
      await expect(refusal.textContent()).resolves.toContain(
        'Only an administrator can add a package server',
      );
      await expect(
        page.getByRole('button', { name: 'Add io.github.user/local-weather' }).isDisabled(),
      ).resolves.toBe(true);
      await expect(page.getByTestId('registry-install').textContent()).resolves.toContain(
        'npx -y @modelcontextprotocol/server-weather@1.0.0',
      );
      await checkAccessibility(page, `registry package refused, ${size}`);
      await shot(page, 'registry-package-refused', size);
    }
    expect(pageErrors).toEqual([]);
  });
});
