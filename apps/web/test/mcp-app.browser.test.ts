import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { McpAppWidgetData } from '@switchboard/autoui';
import { createAutoUiServer, McpAppPresenter } from '@switchboard/autoui';
import type { AgentEvent, ToolCall } from '@switchboard/core';
import { McpConnection, runAgentLoop, ToolCatalog } from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGateway } from './support/fake-gateway.ts';
import { fakeGateway } from './support/fake-gateway.ts';
import { hasChromium } from './support/launch-chromium.ts';
import { appFrames, expectAppContained, recordSandboxCsp, withProbe } from './support/mcp-app-containment.ts';
import type { McpAppStack } from './support/mcp-app-stack.ts';
import { startMcpAppStack } from './support/mcp-app-stack.ts';
import type { ServedApp } from './support/serve-built-app.ts';
import type { PublishedAppServer } from './support/start-published-app-server.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url));
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.skipIf(!hasChromium)('MCP Apps in the web app (Chromium, gateway mode)', () => {
  let stack: McpAppStack;
  let app: ServedApp;
  let browser: Browser;
  let appServer: PublishedAppServer;
  let connection: McpConnection;
  let turn: AgentEvent[];
  let toolCall: ToolCall;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    stack = await startMcpAppStack();
    ({ app, browser, appServer } = stack);
    connection = new McpConnection({
      name: 'apps',
      transport: { type: 'http', url: appServer.url },
      timeoutMs: 10_000,
    });
    const layer = await connection.layer();
    const layers = [layer, createAutoUiServer().layer()];
    // What the gateway does for a turn: run the loop, and show the MCP App of the tool it called.
    turn = [];
    const presenter = new McpAppPresenter({
      catalog: new ToolCatalog(layers),
      readResource: async (_server, uri) => {
        const read = await connection.readResource(uri);
        const [content] = read.contents;
        const html = 'text' in content ? content.text : '';
        return { contents: [{ ...content, text: withProbe(html, appServer.url) }] };
      },
      emit: (event) => turn.push(event),
      onError: (error) => {
        throw error;
      },
    });
    const result = await runAgentLoop('What time is it on the server?', {
      provider: createScriptedModel([
        {
          text: 'Let me open the server clock.',
          toolCalls: [
            { id: 'call_time', name: 'apps_mcp_get-time', input: {} },
            {
              id: 'call_stat',
              name: 'autoui_webmcp_widget_display',
              input: { name: 'stat', params: { label: 'Clock checks', value: 1 } },
            },
          ],
        },
        { text: 'The clock is on your canvas.' },
      ]),
      layers,
      mcpClients: new Map([['apps', connection]]),
      callbacks: {
        onEvent: (event) => {
          turn.push(event);
          presenter.observe(event);
        },
      },
    });
    await presenter.settled();
    [toolCall] = result.toolCalls;
  });

  afterAll(async () => {
    await connection?.close();
    await stack?.close();
  });

  /** Opens the app in gateway mode; requests to anything but the app and its sandbox are refused and recorded. */
  async function open(): Promise<{
    page: Page;
    gateway: FakeGateway;
    foreign: string[];
    sandboxCsp: string[];
  }> {
    const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    context.setDefaultTimeout(20_000);
    const appOrigin = new URL(app.url).origin;
    const sandboxOrigin = `http://localhost:${app.port}`;
    const layer = await connection.layer();
    const gateway = fakeGateway({
      turn: () => turn,
      servers: [{ id: 'srv_apps', name: 'apps', tools: layer.tools }],
      callTool: async (call) => {
        // A call the page still makes while the test closes the connection answers an error, not an unhandled rejection.
        const output = await connection
          .callTool(call.name, call.arguments, { signal: AbortSignal.timeout(10_000) })
          .catch((error: Error) => ({ text: error.message, isError: true, value: undefined }));
        return { content: output.text, is_error: output.isError, structured: output.value };
      },
    });
    const foreign: string[] = [];
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      const { origin } = new URL(url);
      if (origin === sandboxOrigin) return route.continue();
      if (origin === appOrigin) return (await gateway.handle(route)) ? undefined : route.continue();
      foreign.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    const sandboxCsp = recordSandboxCsp(page);
    await page.goto(app.url);
    await page.waitForSelector('.app[data-ready="true"]');
    return { page, gateway, foreign, sandboxCsp };
  }

  it('renders the published server-basic-vanillajs app in a sandboxed double iframe, beside the chat', async () => {
    expect(toolCall).toMatchObject({
      name: 'apps_mcp_get-time',
      structuredContent: { time: expect.stringMatching(ISO_TIME) },
    });
    const widget = turn.find(
      (event) =>
        event.type === 'CUSTOM' &&
        event.name === 'widget' &&
        (event.value as { type: string }).type === 'mcp-app',
    );
    expect((widget as { value: { data: McpAppWidgetData } }).value.data).toMatchObject({
      resourceUri: 'ui://get-time/mcp-app.html',
      server: 'apps',
      toolName: 'get-time',
    });

    const { page, gateway, foreign, sandboxCsp } = await open();
    await page.getByLabel('Message').fill('What time is it on the server?');
    await page.getByLabel('Message').press('Enter');
    const { proxy, inner } = await appFrames(page);

    // The app's HTML is in the inner frame, and got the tool result through ui/notifications/tool-result.
    await expect(inner.title()).resolves.toBe('Get Time App');
    await inner.waitForFunction(
      (time) => document.getElementById('server-time')?.textContent === time,
      (toolCall.structuredContent as { time: string }).time,
    );
    await expect(page.locator('[data-role="assistant"]').first().textContent()).resolves.toContain(
      'open the server clock',
    );
    await expect(page.locator('[data-widget-type="stat"]').textContent()).resolves.toContain('Clock checks');

    // Two frames, two origins, and the probe could reach neither the page nor the proxy, nor the network.
    await expectAppContained({
      page,
      proxy,
      inner,
      appPort: app.port,
      blockedUrl: appServer.url,
      sandboxCsp,
    });
    expect(foreign).toEqual([]);
    expect(gateway.toolCalls).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}mcp-app.png` });
  });

  it("proxies the app's tools/call through the host to the gateway, which decides its approval (the page asks nothing)", async () => {
    const { page, gateway, foreign } = await open();
    await page.getByLabel('Message').fill('What time is it on the server?');
    await page.getByLabel('Message').press('Enter');
    const { inner } = await appFrames(page);

    await inner.getByRole('button', { name: 'Get Server Time' }).click();
    // The clock already shows the time of the model's call: wait for the app's own call to arrive.
    await expect
      .poll(() => gateway.toolCalls)
      .toEqual([{ server: 'srv_apps', name: 'get-time', arguments: {} }]);
    await inner.waitForFunction(() =>
      /^\d{4}-/.test(document.getElementById('server-time')?.textContent ?? ''),
    );
    await expect(page.getByTestId('approval-dialog').count()).resolves.toBe(0);
    expect(foreign).toEqual([]);
  });
});
