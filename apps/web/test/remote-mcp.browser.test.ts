import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/launch-chromium.ts';
import {
  CALCULATE_SCRIPT,
  type ProxiedCalculator,
  startProxiedCalculator,
} from './support/proxied-calculator.ts';
import {
  type StandaloneBrowser,
  type StandaloneOpening,
  startStandaloneBrowser,
} from './support/standalone-browser.ts';

describe.skipIf(!hasChromium)('remote MCP servers in standalone mode (Chromium)', () => {
  let standalone: StandaloneBrowser;
  let calculator: ProxiedCalculator;

  beforeAll(async () => {
    calculator = await startProxiedCalculator();
    standalone = await startStandaloneBrowser();
  }, 120_000);

  afterAll(async () => {
    await standalone?.close();
    await calculator?.close();
  });

  const open = (opening?: StandaloneOpening) => standalone.open(opening);

  it('calls a configured remote server in a scripted turn', async () => {
    const page = await open({
      config: { mcpServers: [{ name: 'calc', url: calculator.url }] },
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
    await page.getByLabel('MCP server URL').fill(calculator.url);
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
