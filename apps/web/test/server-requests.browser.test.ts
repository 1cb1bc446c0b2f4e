import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/launch-chromium.ts';
import { type StandaloneBrowser, startStandaloneBrowser } from './support/standalone-browser.ts';
import type { PublishedAppServer } from './support/start-published-app-server.ts';
import { startServerEverything } from './support/start-server-everything.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));

/** In standalone mode, the published server-everything asks the person for a form and reports progress. */
describe.skipIf(!hasChromium)('servers asking the person, in standalone mode (Chromium)', () => {
  let standalone: StandaloneBrowser;
  let everything: PublishedAppServer;
  let pageErrors: string[];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [standalone, everything] = await Promise.all([startStandaloneBrowser(), startServerEverything()]);
    ({ pageErrors } = standalone);
  }, 120_000);

  afterAll(async () => {
    await standalone?.close();
    await everything?.stop();
  });

  /** Opens the app with server-everything configured and a scripted model, and waits for the connection. */
  async function open(script: unknown, height = 950): Promise<Page> {
    const config = { mcpServers: [{ name: 'everything', url: everything.url }] };
    const page = await standalone.open({ config, script, height });
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForSelector('[data-testid="remote-server"][data-state="connected"]');
    await page.getByRole('tab', { name: /Agent console/ }).click();
    return page;
  }

  async function send(page: Page, text: string) {
    await page.getByLabel('Message').fill(text);
    await page.getByLabel('Message').press('Enter');
  }

  it('shows the server’s form in the chat; the submitted name reaches the tool', async () => {
    const page = await open(
      {
        turns: [
          {
            text: 'The server has a few questions.',
            toolCalls: [{ name: 'everything_mcp_trigger-elicitation-request', input: {} }],
          },
          { text: 'Thanks, the server has your answers.' },
        ],
      },
      1900,
    );
    await send(page, 'Ask me for my details');
    const card = page.getByTestId('elicitation-card');
    await card.waitFor();
    await expect(card.locator('header').textContent()).resolves.toContain('everything asks for information');
    await expect(card.textContent()).resolves.toContain('Please provide inputs for the following fields:');
    // Defaults come from the schema; titled choices show their titles.
    await expect(card.locator('input[name="integer"]').inputValue()).resolves.toBe('42');
    await expect(
      card.locator('select[name="titledSingleSelectEnum"] option:checked').textContent(),
    ).resolves.toBe('Superman');
    // Multi-selects are checkboxes, the defaults ticked.
    const fish = card.locator('fieldset[data-field="titledMultipleSelectEnum"]');
    await expect(fish.getByRole('checkbox').count()).resolves.toBe(3);
    await expect(fish.getByRole('checkbox', { name: 'Tuna' }).isChecked()).resolves.toBe(true);
    await fish.getByRole('checkbox', { name: 'Trout' }).check();
    await card.locator('input[name="name"]').fill('Ada Lovelace');
    await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${SCREENSHOTS}elicitation-form.png` });
    await card.getByRole('button', { name: 'Submit' }).click();

    await page.locator('[data-role="assistant"]', { hasText: 'the server has your answers' }).waitFor();
    await page.waitForSelector('.app[data-running="false"]');
    await expect(card.count()).resolves.toBe(0);
    const call = page.locator('[data-testid="agent-console"] li.tool_call');
    await expect(call.locator('pre').textContent()).resolves.toContain('Name: Ada Lovelace');
    const { result } = JSON.parse((await call.locator('pre').textContent()) ?? '{}') as { result: string };
    const { content } = JSON.parse(result.slice(result.indexOf('Raw result:') + 'Raw result:'.length));
    expect(content).toMatchObject({
      untitledMultipleSelectEnum: ['Guitar'],
      titledMultipleSelectEnum: ['fish-1', 'fish-3'],
    });
    const lines = await page.locator('[data-testid="agent-console"] li.elicitation').allTextContents();
    expect(lines.join('\n')).toMatch(/everything asks for a form[\s\S]*elicitation accept by you/);
    expect(pageErrors).toEqual([]);
  });

  it('shows a live progress bar on the running call, gone when its result arrives', async () => {
    const page = await open({
      turns: [
        {
          text: 'Starting the long operation.',
          toolCalls: [
            { name: 'everything_mcp_trigger-long-running-operation', input: { duration: 4, steps: 4 } },
          ],
        },
        { text: 'The operation finished.' },
      ],
    });
    await send(page, 'Run the long operation');
    const step = page.getByTestId('tool-step');
    const bar = step.locator('progress[max="4"]');
    await bar.waitFor();
    await expect(step.textContent()).resolves.toContain('Running Trigger Long Running Operation Tool…');
    await expect(step.locator('[title]').first().getAttribute('title')).resolves.toBe(
      'everything_mcp_trigger-long-running-operation',
    );
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="tool-step"] progress')?.getAttribute('value')) >= 2,
    );
    await expect(step.getByTestId('tool-step-label').textContent()).resolves.toMatch(/^[2-4] of 4$/);
    await page.locator('section[aria-label="Chat"]').screenshot({ path: `${SCREENSHOTS}tool-progress.png` });

    await page.locator('[data-role="assistant"]', { hasText: 'The operation finished.' }).waitFor();
    await expect(step.count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("follows a tool the server runs as a task: its stages are the running call's label, then its report", async () => {
    const page = await open({
      turns: [
        {
          text: 'Researching.',
          toolCalls: [{ name: 'everything_mcp_simulate-research-query', input: { topic: 'tides' } }],
        },
        { text: 'The research is done.' },
      ],
    });
    await send(page, 'Research tides');
    const label = page.getByTestId('tool-step').getByTestId('tool-step-label');
    await page.waitForFunction(() =>
      /Analyzing content|Synthesizing findings|Generating report/.test(
        document.querySelector('[data-testid="tool-step-label"]')?.textContent ?? '',
      ),
    );
    await expect(label.textContent()).resolves.toMatch(/\.\.\.$/);
    await page.locator('section[aria-label="Chat"]').screenshot({ path: `${SCREENSHOTS}tool-task.png` });

    await page.locator('[data-role="assistant"]', { hasText: 'The research is done.' }).waitFor();
    const call = page.locator('[data-testid="agent-console"] li.tool_call');
    await expect(call.locator('pre').textContent()).resolves.toContain('Research Report: tides');
    expect(pageErrors).toEqual([]);
  });

  it('offers an http(s) link by its host, and refuses a script URL', async () => {
    const call = (url: string) => ({
      name: 'everything_mcp_trigger-url-elicitation',
      input: { url, message: 'Approve the payment at your bank.' },
    });
    const page = await open({
      turns: [
        { toolCalls: [call('https://user:pw@auth.example.com/approve?id=7')] },
        { toolCalls: [call('javascript:alert(document.domain)')] },
        { text: 'Both links were answered.' },
      ],
    });
    await send(page, 'Pay');
    const card = page.getByTestId('elicitation-card');
    await card.waitFor();
    await expect(card.getByTestId('link-host').textContent()).resolves.toBe('auth.example.com');
    const openLink = card.getByRole('link', { name: 'Open' });
    await expect(openLink.getAttribute('href')).resolves.toBe('https://auth.example.com/approve?id=7');
    await expect(openLink.getAttribute('target')).resolves.toBe('_blank');
    await expect(openLink.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    await card.getByRole('button', { name: 'Done' }).click();

    await page.locator('[data-testid="elicitation-card"] .refused').waitFor();
    await expect(card.getByRole('link').count()).resolves.toBe(0);
    await expect(card.getByRole('button', { name: 'Done' }).isDisabled()).resolves.toBe(true);
    await card.getByRole('button', { name: 'Decline' }).click();

    await page.locator('[data-role="assistant"]', { hasText: 'Both links were answered.' }).waitFor();
    const results = await page.locator('[data-testid="agent-console"] li.tool_call pre').allTextContents();
    expect(results.join('\n')).toMatch(/completed the URL elicitation[\s\S]*declined to open the URL/);
    expect(pageErrors).toEqual([]);
  });

  it('asks before the model samples for a server, then shows the answer in the console', async () => {
    const page = await open({
      turns: [
        {
          toolCalls: [
            {
              name: 'everything_mcp_trigger-sampling-request',
              input: { prompt: 'a haiku about tea', maxTokens: 40 },
            },
          ],
        },
        { text: 'steam rises softly' },
        { text: 'The server has its haiku.' },
      ],
    });
    await send(page, 'Sample');
    const card = page.getByTestId('sampling-card');
    await card.waitFor();
    await expect(card.textContent()).resolves.toMatch(
      /everything asks the model[\s\S]*a haiku about tea[\s\S]*At most 40 tokens/,
    );
    await card.getByRole('button', { name: 'Approve' }).click();

    await page.locator('[data-role="assistant"]', { hasText: 'The server has its haiku.' }).waitFor();
    await expect(card.count()).resolves.toBe(0);
    const lines = await page.locator('[data-testid="agent-console"] li.sampling').allTextContents();
    expect(lines.join('\n')).toContain('sampling answered by scripted:page: steam rises softly');
    expect(pageErrors).toEqual([]);
  });

  it("offers the server's prompts as slash commands: the chosen one, filled in, is the person's message", async () => {
    const page = await open({ turns: [{ text: 'It is sunny in Paris.' }] });
    const box = page.getByLabel('Message');
    await box.fill('/');
    const options = page.getByTestId('slash-option');
    await options.filter({ hasText: '/args-prompt' }).waitFor();
    await expect(options.allTextContents()).resolves.toEqual(
      expect.arrayContaining([
        expect.stringContaining('/simple-prompt'),
        expect.stringContaining('/resource-prompt'),
      ]),
    );
    // Typing narrows the list; the arrow keys move the highlight, Escape closes and Enter chooses.
    await box.press('a');
    await box.press('r');
    await expect(options.count()).resolves.toBe(1);
    await box.press('Escape');
    await expect(page.getByTestId('slash-menu').count()).resolves.toBe(0);
    await box.press('g');
    await expect(options.first().getAttribute('aria-selected')).resolves.toBe('true');
    await box.press('Enter');
    const form = page.getByTestId('prompt-form');
    await form.locator('input[name="city"]').fill('Paris');
    await page
      .locator('section[aria-label="Chat"]')
      .screenshot({ path: `${SCREENSHOTS}prompt-arguments.png` });
    await form.locator('input[name="city"]').press('Enter');

    await page.locator('[data-role="user"]', { hasText: "What's weather in Paris?" }).waitFor();
    await page.locator('[data-role="assistant"]', { hasText: 'It is sunny in Paris.' }).waitFor();
    await expect(form.count()).resolves.toBe(0);
    await expect(box.inputValue()).resolves.toBe('');
    expect(pageErrors).toEqual([]);
  });

  it("attaches a resource's text, cut to the limit with a note, to the next message", async () => {
    const page = await open({ turns: [{ text: 'Here is a summary.' }] });
    await page.getByRole('button', { name: 'Attach a resource' }).click();
    await page.getByTestId('resource-option').filter({ hasText: 'structure.md' }).click();
    const chip = page.getByTestId('attachment');
    await expect(chip.getByTestId('attachment-cut').textContent()).resolves.toMatch(
      /^first 8000 of \d+ characters$/,
    );
    await page
      .locator('section[aria-label="Chat"]')
      .screenshot({ path: `${SCREENSHOTS}resource-attached.png` });
    await send(page, 'Summarise the structure');

    const message = page.locator('[data-role="user"]').last();
    await page.locator('[data-role="assistant"]', { hasText: 'Here is a summary.' }).waitFor();
    const text = (await message.textContent()) ?? '';
    expect(text).toMatch(
      /^Attached resource demo:\/\/resource\/static\/document\/structure\.md from everything:\n<<<\n/,
    );
    expect(text).toMatch(/\n>>>\n\[cut to the first 8000 of \d+ characters\]\n\nSummarise the structure$/);
    await expect(chip.count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
