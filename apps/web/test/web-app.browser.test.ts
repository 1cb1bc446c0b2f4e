import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILT_IN_WIDGETS } from '@switchboard/autoui';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import type { ServedApp } from './support/serve-built-app.ts';
import { serveBuiltApp } from './support/serve-built-app.ts';
import { EVIL_HOST, hostileWidgetParams, XSS_MARKDOWN } from './support/xss-corpus.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));
const display = (name: string, params: Record<string, unknown>) => ({
  name: 'autoui_webmcp_widget_display',
  input: { name, params },
});

const SALES_SCRIPT = {
  delayMs: 60,
  turns: [
    {
      text: 'Let me put this quarter’s sales figures on the canvas for you right away.',
      toolCalls: [
        display('stat', { label: 'Orders', value: 1284, unit: 'orders' }),
        display('table', {
          title: 'Top products',
          columns: [
            { key: 'name', label: 'Product' },
            { key: 'sold', label: 'Sold', align: 'right', format: 'number' },
          ],
          rows: [
            { name: 'Sourdough bread', sold: 412 },
            { name: 'Comté 18 months', sold: 268 },
            { name: 'Oat milk', sold: 199 },
          ],
        }),
      ],
    },
    { text: 'The stat shows the orders; the table lists the best sellers.' },
  ],
};

interface OpenOptions {
  script?: unknown;
  config?: unknown;
  viewport?: { width: number; height: number };
  initScript?: string;
}

describe.skipIf(!hasChromium)('the web app in Chromium (standalone mode)', () => {
  let app: ServedApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [app, browser] = await Promise.all([serveBuiltApp(), launchChromium()]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
  });

  /** Opens the app in a fresh context; every request to another origin is recorded and refused. */
  async function open(
    options: OpenOptions = {},
  ): Promise<{ page: Page; foreign: string[]; dialogs: string[] }> {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1500, height: 950 } });
    contexts.push(context);
    const foreign: string[] = [];
    const dialogs: string[] = [];
    const origin = new URL(app.url).origin;
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      if (new URL(url).origin !== origin) {
        foreign.push(url);
        return route.abort();
      }
      if (new URL(url).pathname.endsWith('/config.json')) {
        return options.config
          ? route.fulfill({ json: options.config })
          : route.fulfill({ status: 404, body: '' });
      }
      return route.continue();
    });
    if (options.script)
      await context.addInitScript(`window.__SWITCHBOARD_SCRIPT__ = ${JSON.stringify(options.script)};`);
    if (options.initScript) await context.addInitScript(options.initScript);
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(app.url);
    await page.waitForSelector('.app[data-ready="true"]');
    return { page, foreign, dialogs };
  }

  async function send(page: Page, text: string) {
    await page.getByLabel('Message').fill(text);
    await page.getByLabel('Message').press('Enter');
  }

  const idle = (page: Page) => page.waitForSelector('.app[data-running="false"]');
  const assistantTexts = (page: Page) => page.locator('[data-role="assistant"]').allInnerTexts();
  const blockStyle = async (page: Page, type: string) => {
    const style = (await page.locator(`[data-widget-type="${type}"]`).first().getAttribute('style')) ?? '';
    const number = (property: string) => Number(new RegExp(`${property}:\\s*(-?[\\d.]+)px`).exec(style)?.[1]);
    return { left: number('left'), top: number('top'), width: number('width'), height: number('height') };
  };

  it('streams the answer and shows a stat and a table', async () => {
    const { page } = await open({ script: SALES_SCRIPT });
    await expect(page.getByTestId('model-label').textContent()).resolves.toMatch(/not a language model/);
    await send(page, 'How did sales go?');
    const partial = await page.waitForFunction(() => {
      const message = document.querySelector('[data-role="assistant"]');
      const text = message?.textContent?.trim() ?? '';
      return text.length > 0 && document.querySelector('.app')?.getAttribute('data-running') === 'true'
        ? text
        : false;
    });
    const firstSeen = String(await partial.jsonValue());
    await idle(page);
    const texts = await assistantTexts(page);
    expect(texts[0]).toContain('sales figures on the canvas');
    expect(firstSeen.length).toBeLessThan(texts[0].length);
    expect(texts[0].startsWith(firstSeen.replace(/▍$/, '').trim().slice(0, 10))).toBe(true);
    expect(texts[1]).toContain('best sellers');
    await expect(page.locator('[data-widget-type="stat"]').textContent()).resolves.toContain('1,284');
    await expect(page.locator('[data-widget-type="table"] tbody tr').count()).resolves.toBe(3);
    await expect(page.getByTestId('console-tool-calls').textContent()).resolves.toBe('2');
    await page.screenshot({ path: `${SCREENSHOTS}chat-stat-table.png` });
  });

  it('moves and resizes widgets, and restores the canvas after a reload', async () => {
    const { page } = await open({ script: { turns: SALES_SCRIPT.turns } });
    await send(page, 'How did sales go?');
    await idle(page);
    const before = await blockStyle(page, 'stat');

    const bar = page.locator('[data-widget-type="stat"] header');
    const barBox = await bar.boundingBox();
    if (!barBox) throw new Error('the stat block has no header');
    await page.mouse.move(barBox.x + 30, barBox.y + 10);
    await page.mouse.down();
    await page.mouse.move(barBox.x + 130, barBox.y + 60, { steps: 5 });
    await page.mouse.move(barBox.x + 230, barBox.y + 410, { steps: 5 });
    await page.mouse.up();
    const moved = await blockStyle(page, 'stat');
    expect(moved.left).toBe(before.left + 200);
    expect(moved.top).toBe(before.top + 400);

    const handle = await page.locator('[data-widget-type="stat"] .resize').boundingBox();
    if (!handle) throw new Error('the stat block has no resize handle');
    await page.mouse.move(handle.x + 8, handle.y + 8);
    await page.mouse.down();
    await page.mouse.move(handle.x + 108, handle.y + 68, { steps: 5 });
    await page.mouse.up();
    const resized = await blockStyle(page, 'stat');
    expect(resized.width).toBe(before.width + 100);
    expect(resized.height).toBe(before.height + 60);
    await page.screenshot({ path: `${SCREENSHOTS}canvas-moved-resized.png` });
    const chips = await page.getByTestId('tool-chip').allInnerTexts();
    expect(chips.length).toBeGreaterThan(0);

    await page.reload();
    await page.waitForSelector('.app[data-ready="true"]');
    await expect(blockStyle(page, 'stat')).resolves.toEqual(resized);
    await expect(page.locator('[data-widget-type="table"] tbody tr').count()).resolves.toBe(3);
    await expect(page.locator('[data-role="user"]').textContent()).resolves.toBe('How did sales go?');
    await expect(assistantTexts(page)).resolves.toHaveLength(2);
    // The turn's tool-call chips come back from the session kept in the page (without their times).
    const restoredChips = await page.getByTestId('tool-chip').allInnerTexts();
    expect(restoredChips.map((chip) => chip.replace(/\s*\d+(?:\.\d)? m?s$/, ''))).toEqual(
      chips.map((chip) => chip.replace(/\s*\d+(?:\.\d)? m?s$/, '')),
    );
    await page.screenshot({ path: `${SCREENSHOTS}canvas-restored-after-reload.png` });

    await page.getByRole('button', { name: 'Clear canvas' }).click();
    await expect(page.locator('[data-block-id]').count()).resolves.toBe(0);
  });

  it('stops a running turn', async () => {
    const words = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');
    const { page } = await open({ script: { delayMs: 80, turns: [{ text: `${words} THE-END` }] } });
    await send(page, 'Tell me a long story');
    await page.waitForFunction(() =>
      (document.querySelector('[data-role="assistant"]')?.textContent ?? '').includes('word3'),
    );
    await page.getByRole('button', { name: 'Stop' }).click();
    await idle(page);
    const [text] = await assistantTexts(page);
    expect(text).not.toContain('THE-END');
    await expect(page.locator('[data-role="notice"]').last().textContent()).resolves.toBe('Stopped.');
    await expect(page.getByRole('button', { name: 'Send' })).toBeDefined();
    await page.screenshot({ path: `${SCREENSHOTS}turn-stopped.png` });
  });

  it('calls tools from the tool browser and shows the results as widgets', async () => {
    const { page } = await open();
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.getByRole('button', { name: 'calculator_webmcp_calculate' }).click();
    await page.locator('[data-testid="tool-browser"] select[name="operation"]').selectOption('multiply');
    await page.locator('[data-testid="tool-browser"] input[name="a"]').fill('6');
    await page.locator('[data-testid="tool-browser"] input[name="b"]').fill('7');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(page.getByTestId('tool-result').textContent()).resolves.toContain('42');

    await page.getByRole('button', { name: 'autoui_webmcp_widget_display' }).click();
    await page.locator('[data-testid="tool-browser"] input[name="name"]').fill('stat');
    await page
      .locator('[data-testid="tool-browser"] textarea[name="params"]')
      .fill('{"label": "From the tool browser", "value": 7}');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await page.waitForSelector('[data-testid="canvas"] [data-widget-type="stat"]');
    await expect(
      page.locator('[data-testid="canvas"] [data-widget-type="stat"]').textContent(),
    ).resolves.toMatch(/from the tool browser/i);
    await page.screenshot({ path: `${SCREENSHOTS}tool-browser.png` });
  });

  it('asks before storing, then runs an approved call and skips a denied one', async () => {
    const store = (key: string, value: string) => ({
      name: 'calculator_webmcp_set-storage',
      input: { key, value },
    });
    const { page } = await open({
      script: {
        turns: [
          { toolCalls: [store('greeting', 'hello')] },
          { text: 'I stored hello under greeting.' },
          { toolCalls: [store('secret', 'swordfish')] },
          { text: 'I did not store it, as you asked.' },
        ],
      },
    });
    await send(page, 'Remember hello as greeting');
    await page.waitForSelector('[data-testid="approval-dialog"]');
    await expect(page.getByTestId('approval-dialog').textContent()).resolves.toContain(
      'calculator_webmcp_set-storage',
    );
    await page.screenshot({ path: `${SCREENSHOTS}approval-dialog.png` });
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForFunction(() =>
      (document.querySelector('[data-testid="chat-messages"]')?.textContent ?? '').includes('I stored hello'),
    );
    await idle(page);

    await send(page, 'Remember swordfish as secret');
    await page.waitForSelector('[data-testid="approval-dialog"]');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForFunction(() =>
      (document.querySelector('[data-testid="chat-messages"]')?.textContent ?? '').includes('did not store'),
    );
    await idle(page);
    await expect(page.locator('[data-testid="approval-dialog"]').count()).resolves.toBe(0);

    await page.getByRole('tab', { name: /Tools/ }).click();
    const read = async (key: string) => {
      await page.getByRole('button', { name: 'calculator_webmcp_get-storage' }).click();
      await page.locator('[data-testid="tool-browser"] input[name="key"]').fill(key);
      await page.getByRole('button', { name: 'Call tool' }).click();
      await page.waitForSelector('[data-testid="tool-result"]');
      return page.getByTestId('tool-result').textContent();
    };
    await expect(read('greeting')).resolves.toContain('hello');
    await expect(read('secret')).resolves.toMatch(/not found/i);
  });

  it('registers the page tools with document.modelContext when the browser has it', async () => {
    const { page } = await open({
      initScript: `
        window.__registered = [];
        document.modelContext = {
          registerTool(tool, options) {
            window.__registered.push(tool.name);
            window['__tool_' + tool.name] = tool;
            options?.signal?.addEventListener('abort', () => { window.__registered = window.__registered.filter((n) => n !== tool.name); });
          },
        };`,
    });
    const names = await page.evaluate(() => (window as unknown as { __registered: string[] }).__registered);
    expect(names).toEqual(
      expect.arrayContaining([
        'calculator_calculate',
        'calculator_set-storage',
        'autoui_widget_display',
        'autoui_canvas',
      ]),
    );
    expect(names).not.toContain('autoui_recall');
    const result = await page.evaluate(() =>
      (
        window as unknown as Record<string, { execute: (input: unknown) => Promise<unknown> }>
      ).__tool_calculator_calculate.execute({ operation: 'add', a: 2, b: 2 }),
    );
    expect(JSON.stringify(result)).toContain('4');
    await page.evaluate(() =>
      (
        window as unknown as Record<string, { execute: (input: unknown) => Promise<unknown> }>
      ).__tool_autoui_widget_display.execute({
        name: 'alert',
        params: { message: 'Shown by a browser agent' },
      }),
    );
    await expect(page.locator('[data-widget-type="alert"]').textContent()).resolves.toContain(
      'Shown by a browser agent',
    );
  });

  it('renders every widget of the catalog', async () => {
    const { page } = await open({
      viewport: { width: 1700, height: 1000 },
      script: {
        turns: [
          { toolCalls: BUILT_IN_WIDGETS.map((widget) => display(widget.name, widget.example)) },
          { text: 'Every widget.' },
        ],
      },
    });
    await send(page, 'Show every widget');
    await idle(page);
    await expect(page.locator('[data-testid="canvas"] > [data-block-id]').count()).resolves.toBe(
      BUILT_IN_WIDGETS.length,
    );
    await expect(page.locator('[data-testid="canvas"] .problem').count()).resolves.toBe(0);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-widget-type="map"] .leaflet-overlay-pane path').length > 100,
    );
    // Chart.js styles the canvas it draws on once its chunk has loaded.
    await page.waitForSelector('[data-widget-type="chart"] canvas[style*="box-sizing"]');
    const loading = page.locator(
      '[data-widget-type="chart"] [role="status"], [data-widget-type="map"] [role="status"]',
    );
    await expect(loading.count()).resolves.toBe(0);
    await page.setViewportSize({ width: 1700, height: 3200 });
    await page.screenshot({ path: `${SCREENSHOTS}all-widgets.png`, fullPage: true });
  });

  it('shows the chart and map widgets loading their library, then why it could not be loaded', async () => {
    const example = (name: string) => BUILT_IN_WIDGETS.find((widget) => widget.name === name)?.example ?? {};
    const { page } = await open({
      script: {
        turns: [
          { toolCalls: ['chart', 'map', 'stat'].map((name) => display(name, example(name))) },
          { text: 'Three widgets.' },
        ],
      },
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const refused: string[] = [];
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      const code = await response.text();
      const library = code.includes('Canvas is already in use') || code.includes('Map container not found');
      if (!library) return route.fulfill({ response });
      await released;
      refused.push(route.request().url());
      return route.abort();
    });
    await send(page, 'Show a chart, a map and a stat');
    await idle(page);
    const chart = page.locator('[data-widget-type="chart"]');
    const map = page.locator('[data-widget-type="map"]');
    await expect(chart.getByRole('status').textContent()).resolves.toBe('Loading the chart…');
    await expect(map.getByRole('status').textContent()).resolves.toBe('Loading the map…');
    release();
    await expect(chart.getByRole('alert').textContent()).resolves.toMatch(
      /^The chart library could not be loaded: ./,
    );
    await expect(map.getByRole('alert').textContent()).resolves.toMatch(
      /^The map library could not be loaded: ./,
    );
    expect(refused).toHaveLength(2);
    await expect(page.locator('[data-widget-type="map"] .leaflet-container').count()).resolves.toBe(0);
    await expect(page.locator('[data-widget-type="stat"]').textContent()).resolves.toContain(
      String(example('stat').label),
    );
  });

  it('never runs a script or loads a foreign URL from hostile widget data and Markdown', async () => {
    const hostile = hostileWidgetParams();
    const { page, foreign, dialogs } = await open({
      viewport: { width: 1700, height: 1000 },
      config: { urlPolicy: { imageHosts: ['upload.wikimedia.org'] } },
      script: {
        turns: [
          {
            text: XSS_MARKDOWN,
            toolCalls: [
              ...hostile.map(({ name, params }) => display(name, params)),
              display('markdown', { content: XSS_MARKDOWN }),
            ],
          },
          { text: 'Done.' },
        ],
      },
    });
    await send(page, 'Show the hostile data');
    await idle(page);
    await expect(page.locator('[data-testid="canvas"] > [data-block-id]').count()).resolves.toBe(
      hostile.length + 1,
    );
    for (const tab of await page.locator('[data-widget-type="tabs"] [role="tab"]').all()) await tab.click();
    for (const button of await page.locator('[data-widget-type="carousel"] nav button').all())
      await button.click({ force: true });
    await page.locator('[data-widget-type="form"] button[type="submit"]').click();
    await page.waitForTimeout(500);

    const verdict = await page.evaluate(() => {
      const root = document.querySelector('.app') as HTMLElement;
      const all = [...root.querySelectorAll('*')];
      return {
        pwned: (window as unknown as { __pwned?: unknown }).__pwned,
        handlers: all.flatMap((element) =>
          [...element.attributes]
            .filter((attribute) => /^on/i.test(attribute.name))
            .map((attribute) => `${element.tagName} ${attribute.name}`),
        ),
        scriptUrls: all.flatMap((element) =>
          ['href', 'src', 'action', 'formaction', 'data']
            .map((name) => element.getAttribute(name) ?? '')
            .filter((value) => /^\s*(javascript|vbscript|data:text)/i.test(value)),
        ),
        dangerous: root.querySelectorAll(
          '[data-testid="canvas"] script, [data-testid="canvas"] iframe, [data-testid="canvas"] object, [data-testid="canvas"] embed, [data-testid="canvas"] style, [data-testid="chat-messages"] script, [data-testid="chat-messages"] iframe, [data-testid="chat-messages"] style, base',
        ).length,
        evilReferences: all
          .filter((element) =>
            ['href', 'src', 'srcset', 'action', 'formaction', 'data', 'poster', 'background', 'style'].some(
              (name) => (element.getAttribute(name) ?? '').includes('evil.invalid'),
            ),
          )
          .map((element) => element.outerHTML.slice(0, 200)),
      };
    });
    expect(verdict).toEqual({
      pwned: undefined,
      handlers: [],
      scriptUrls: [],
      dangerous: 0,
      evilReferences: [],
    });
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    expect(foreign.some((url) => url.includes(EVIL_HOST))).toBe(false);
    await page.screenshot({ path: `${SCREENSHOTS}xss-corpus.png` });
  });
});
