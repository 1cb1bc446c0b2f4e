import { CanvasModel } from '@switchboard/autoui';
import { runAgentLoop } from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import { pageServers } from '../src/lib/standalone/standalone-driver.ts';

/** The system prompt and tools the model receives on the first request of a standalone turn. */
async function firstRequest(options: { discovery?: 'lazy' | 'eager'; mode?: 'per-server' | 'global' }) {
  const provider = createScriptedModel([{ text: 'Done.' }]);
  await runAgentLoop('hello', {
    provider,
    layers: pageServers(DEFAULT_CONFIG, new CanvasModel()).map((server) => server.layer()),
    discovery: options.discovery,
    catalogOptions: { discovery: { mode: options.mode ?? 'auto' } },
  });
  const [request] = provider.requests;
  // What a vendor is sent of each tool (its title and annotations are for the host's planner only).
  const tools = request?.tools.map(({ name, description, input_schema }) => ({
    name,
    description,
    input_schema,
  }));
  return { system: request?.system, tools };
}

describe("the standalone app's page servers as the model sees them", () => {
  it('lists the UI tools in the display step of the lazy prompt and among the first tools', async () => {
    const { system, tools } = await firstRequest({});
    expect(system).toContain(
      'STEP 4 — Display the results:\n  autoui_webmcp_widget_display(name, params) — show data as a widget\n' +
        '  autoui_webmcp_canvas(action, id?, params?) — move, resize, update, style or clear widgets\n' +
        '  autoui_webmcp_recall(id) — read an earlier result again in full\nThen answer briefly in text.',
    );
    expect(tools?.map((tool) => tool.name)).toContain('autoui_webmcp_widget_display');
    await expect(snapshotText(system, tools)).toMatchFileSnapshot('./__snapshots__/page-servers-lazy.txt');
  });

  it('keeps the display step in the eager and the global prompt', async () => {
    const eager = await firstRequest({ discovery: 'eager' });
    expect(eager.system).toContain('Then display the results:\n  autoui_webmcp_widget_display(name, params)');
    await expect(snapshotText(eager.system, eager.tools)).toMatchFileSnapshot(
      './__snapshots__/page-servers-eager.txt',
    );
    const global = await firstRequest({ mode: 'global' });
    expect(global.tools?.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['search_tools', 'autoui_webmcp_widget_display', 'autoui_webmcp_canvas']),
    );
    await expect(snapshotText(global.system, global.tools)).toMatchFileSnapshot(
      './__snapshots__/page-servers-global.txt',
    );
  });
});

/** The prompt as the model reads it, then the tools as JSON: what the snapshot keeps byte for byte. */
function snapshotText(system: string | undefined, tools: unknown): string {
  return `${system}\n\n--- tools ---\n${JSON.stringify(tools, null, 2)}\n`;
}
