import { describe, expect, it } from 'vitest';
import { createCalculatorStorageServer } from '../../test/support/test-layers.ts';
import { createScriptedModel } from '../testing/scripted-model.ts';
import { createWebMcpServer } from '../webmcp/webmcp-server.ts';
import { runAgentLoop } from './run-agent-loop.ts';

describe('the prompt-cache hints of model requests', () => {
  it('counts the tools the previous request offered first as stable, and the ones activated since as not', async () => {
    const provider = createScriptedModel([
      { toolCalls: [{ name: 'calculator_webmcp_calculate', input: { operation: 'multiply', a: 6, b: 7 } }] },
      { toolCalls: [{ name: 'calculator_webmcp_calculate', input: { operation: 'add', a: 42, b: 1 } }] },
      { text: '43' },
    ]);
    await runAgentLoop('6 times 7, plus 1', { provider, layers: [createCalculatorStorageServer().layer()] });
    const [first, second, third] = provider.requests;
    expect(first.stableToolCount).toBe(first.tools.length);
    // The call activated the server: its tools are appended after the ones offered before.
    expect(second.tools.length).toBeGreaterThan(first.tools.length);
    expect(second.stableToolCount).toBe(first.tools.length);
    // Nothing new since: all stable.
    expect(third.tools).toEqual(second.tools);
    expect(third.stableToolCount).toBe(third.tools.length);
  });

  it('ends the stable history before the tool result the next step compresses', async () => {
    const pages = createWebMcpServer('pages', { description: 'Pages of records.' });
    pages.registerTool({
      name: 'fetch_page',
      description: 'Returns one page',
      inputSchema: { type: 'object', properties: { page: { type: 'integer' } } },
      execute: ({ page }) => `page ${page}: ${'record '.repeat(100)}`,
    });
    const call = (page: number) => ({
      toolCalls: [{ id: `toolu_${page}`, name: 'pages_webmcp_fetch_page', input: { page } }],
    });
    const provider = createScriptedModel([call(1), call(2), call(3), { text: 'Done.' }]);
    await runAgentLoop('Read the pages', { provider, layers: [pages.layer()], discovery: 'eager' });
    // History: question, then per step a call and its result; the default keeps two results whole.
    expect(provider.requests.map((request) => [request.messages.length, request.stableMessageCount])).toEqual(
      [
        [1, 1],
        [3, 3],
        [5, 2],
        [7, 4],
      ],
    );
    const [, , third, fourth] = provider.requests;
    expect(fourth.messages.slice(0, 2)).toEqual(third.messages.slice(0, 2));
    expect(fourth.messages[2]).not.toEqual(third.messages[2]);
  });
});
