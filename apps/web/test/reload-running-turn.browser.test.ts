import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AgentEvent } from '@switchboard/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeGateway } from './support/fake-gateway.ts';
import { hasChromium, launchChromium } from './support/launch-chromium.ts';
import { type ServedApp, serveBuiltApp } from './support/serve-built-app.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));

/** The rest of a turn that was running when the page was reloaded, as the gateway replays it. */
const RUNNING_TURN: AgentEvent[] = [
  { type: 'RUN_STARTED', threadId: 'conv_1', runId: 'run_1', timestamp: 1 },
  { type: 'TEXT_MESSAGE_START', messageId: 'msg_a', role: 'assistant', timestamp: 2 },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'msg_a', delta: 'Still counting: 3, 4, 5.', timestamp: 3 },
  { type: 'TEXT_MESSAGE_END', messageId: 'msg_a', timestamp: 4 },
  {
    type: 'CUSTOM',
    name: 'widget',
    value: { id: 'w_count', type: 'stat', data: { label: 'Counted', value: 5 }, toolCallId: 'call_1' },
    timestamp: 5,
  },
  {
    type: 'RUN_FINISHED',
    threadId: 'conv_1',
    runId: 'run_1',
    result: { stopReason: 'end_turn' },
    timestamp: 6,
  } as AgentEvent,
];

describe.skipIf(!hasChromium)('a reload during a running turn (Chromium, gateway mode)', () => {
  let app: ServedApp;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [app, browser] = await Promise.all([serveBuiltApp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('follows the turn still running on the gateway: its text and widgets arrive', async () => {
    const context = await browser.newContext({ viewport: { width: 1300, height: 850 } });
    context.setDefaultTimeout(20_000);
    try {
      const gateway = fakeGateway({
        turn: () => [],
        servers: [],
        callTool: async () => ({ content: '', is_error: true }),
      });
      const appOrigin = new URL(app.url).origin;
      const streamRequests: string[] = [];
      await context.route('**/*', async (route) => {
        const url = route.request().url();
        if (new URL(url).origin !== appOrigin) return route.abort();
        if (url.endsWith('/stream'))
          streamRequests.push(`${route.request().method()} ${new URL(url).pathname}`);
        return (await gateway.handle(route)) ? undefined : route.continue();
      });
      const page = await context.newPage();
      await page.goto(app.url);
      await page.waitForSelector('.app[data-ready="true"]');
      gateway.startRunningTurn(RUNNING_TURN);
      await page.reload();
      await page.waitForSelector('.app[data-ready="true"]');
      await page.getByText('Still counting: 3, 4, 5.').waitFor();
      await page.waitForSelector('.app[data-running="false"]');
      await page.getByText('Counted').waitFor();
      expect(streamRequests).toEqual(['GET /conversations/conv_1/stream']);
      await page.screenshot({ path: `${SCREENSHOTS}reload-running-turn.png` });
    } finally {
      await context.close();
    }
  });
});
