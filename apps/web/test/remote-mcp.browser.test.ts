import type { Server } from 'node:http';
import type { HttpServing } from '@switchboard/servers';
import { serveHttp, startCalculatorStorage } from '@switchboard/servers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsProxy } from './browser/cors-proxy.ts';
import { hasChromium, launchChromium } from './browser/launch-chromium.ts';
import type { ServedApp } from './browser/serve-built-app.ts';
import { serveBuiltApp } from './browser/serve-built-app.ts';

const CALCULATE_SCRIPT = {
  delayMs: 10,
  turns: [
    {
      text: 'Let me ask the remote calculator.',
      toolCalls: [{ name: 'calc_mcp_calculate', input: { operation: 'add', a: 5, b: 3 } }],
    },
    { text: 'The remote calculator answered.' },
  ],
};

describe.skipIf(!hasChromium)('remote MCP servers in standalone mode (Chromium)', () => {
  let app: ServedApp;
  let browser: Browser;
  let mcp: HttpServing;
  let proxy: { url: string; server: Server };
  let closeServer: () => Promise<void>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const calculator = await startCalculatorStorage();
    closeServer = () => calculator.close();
    mcp = await serveHttp(calculator.createServer, { port: 0 });
    proxy = await corsProxy(mcp.url);
    [app, browser] = await Promise.all([serveBuiltApp(), launchChromium()]);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
    await new Promise((resolve) => proxy?.server.close(resolve));
    await mcp?.close();
    await closeServer?.();
  });

  async function open(options: { config?: unknown; script?: unknown } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    contexts.push(context);
    await context.route('**/config.json', (route) =>
      options.config ? route.fulfill({ json: options.config }) : route.fulfill({ status: 404, body: '' }),
    );
    if (options.script)
      await context.addInitScript(`window.__SWITCHBOARD_SCRIPT__ = ${JSON.stringify(options.script)};`);
    const page = await context.newPage();
    await page.goto(`${app.url}?mode=standalone`);
    await page.waitForSelector('.app[data-ready="true"]');
    return page;
  }

  it('calls a configured remote server in a scripted turn', async () => {
    const page = await open({
      config: { mcpServers: [{ name: 'calc', url: proxy.url }] },
      script: CALCULATE_SCRIPT,
    });
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await page.getByRole('tab', { name: /Agent console/ }).click();
    await page.getByLabel('Message').fill('What is 5 + 3?');
    await page.getByLabel('Message').press('Enter');
    await page.locator('[data-role="assistant"]', { hasText: 'remote calculator answered' }).waitFor();
    await page.waitForSelector('.app[data-running="false"]');
    await expect(page.getByTestId('console-tool-calls').textContent()).resolves.toBe('1');
    const call = page.locator('[data-testid="agent-console"] li.tool_call');
    await expect(call.locator('summary').textContent()).resolves.toContain('calc_mcp_calculate');
    await expect(call.locator('pre').textContent()).resolves.toMatch(/"result": "8"/);
    await expect(page.locator('.problem').count()).resolves.toBe(0);
  });

  it('adds a server from the tool panel, remembers it, and shows connection errors', async () => {
    const page = await open();
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.getByLabel('MCP server name').fill('broken');
    await page.getByLabel('MCP server URL').fill('http://127.0.0.1:9/mcp');
    await page.getByRole('button', { name: 'Add MCP server' }).click();
    await expect(page.locator('.remote-problem[role="alert"]').textContent()).resolves.toMatch(
      /Could not connect to the MCP server "broken"/,
    );

    await page.getByLabel('MCP server name').fill('calc');
    await page.getByLabel('MCP server URL').fill(proxy.url);
    await page.getByRole('button', { name: 'Add MCP server' }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await page.getByRole('button', { name: 'calc_mcp_calculate' }).click();
    await page.locator('[data-testid="tool-browser"] select[name="operation"]').selectOption('add');
    await page.locator('[data-testid="tool-browser"] input[name="a"]').fill('5');
    await page.locator('[data-testid="tool-browser"] input[name="b"]').fill('3');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(page.getByTestId('tool-result').textContent()).resolves.toContain('8');

    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await expect(page.getByTestId('remote-server').count()).resolves.toBe(1);
  });
});
