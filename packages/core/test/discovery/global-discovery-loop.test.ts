import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToolCatalog } from '../../src/catalog/tool-catalog.ts';
import { runAgentLoop } from '../../src/loop/run-agent-loop.ts';
import { createScriptedModel } from '../../src/testing/scripted-model.ts';
import type { McpLayer, McpToolDef } from '../../src/types/layers.ts';
import type { ChatMessage, ToolResultBlock } from '../../src/types/messages.ts';
import type { ModelRequest } from '../../src/types/model.ts';
import type { McpToolClient } from '../../src/types/tool-call.ts';

/** The benchmark catalogs beside the project (`../shared/data`); the tests skip when they are absent. */
const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const FILES = ['livemcpbench/servers.json', 'toucan/servers.json'];
const hasData = FILES.every((file) => existsSync(`${DATA}${file}`));
if (!hasData) console.warn(`global discovery tests skipped: ${DATA} (the shared benchmark data) is missing`);

interface ServerRecord {
  name: string;
  description?: string;
  tools: McpToolDef[];
}

function readLayers(file: string): McpLayer[] {
  const servers = JSON.parse(readFileSync(`${DATA}${file}`, 'utf8')) as ServerRecord[];
  return servers.map((server) => ({
    protocol: 'mcp',
    serverName: server.name,
    description: server.description,
    tools: server.tools,
  }));
}

/** An MCP client that answers every call with the tool name and arguments it got. */
const echo: McpToolClient = {
  callTool: async (toolName, args) => ({ text: JSON.stringify({ echo: toolName, args }), isError: false }),
};

const lastResult = (messages: ChatMessage[]): ToolResultBlock => {
  const last = messages.at(-1);
  const block = Array.isArray(last?.content)
    ? last.content.find((entry) => entry.type === 'tool_result')
    : undefined;
  if (block?.type !== 'tool_result') throw new Error('expected a tool_result in the last message');
  return block;
};

describe.skipIf(!hasData)('global discovery over 841 real servers (../shared/data)', () => {
  let layers: McpLayer[];
  let small: McpLayer[];
  let clients: Map<string, McpToolClient>;

  beforeAll(() => {
    small = readLayers(FILES[0] as string);
    layers = [...small, ...readLayers(FILES[1] as string)];
    clients = new Map(layers.map((layer) => [layer.serverName, echo]));
  });

  it('search → the found tool becomes callable → call → result, with a constant-size first tool list', async () => {
    expect(layers.length).toBeGreaterThan(800);
    let found = '';
    const model = createScriptedModel([
      {
        toolCalls: [{ id: 'search', name: 'search_tools', input: { query: 'calculate a math expression' } }],
      },
      (request: ModelRequest) => {
        const results = JSON.parse(lastResult(request.messages).content as string).results as Array<{
          name: string;
        }>;
        const calculator = results.find((result) => result.name.endsWith('_mcp_calculate'));
        found = calculator?.name ?? '';
        return { toolCalls: [{ id: 'calc', name: found, input: { expression: '2 + 3' } }] };
      },
      (request: ModelRequest) => ({ text: `The tool said: ${lastResult(request.messages).content}` }),
    ]);
    const result = await runAgentLoop('What is 2 + 3?', { provider: model, layers, mcpClients: clients });

    expect(result.stopReason).toBe('end_turn');
    const [first, second, third] = model.requests as [ModelRequest, ModelRequest, ModelRequest];
    expect(first.tools.map((tool) => tool.name)).toEqual([
      'search_tools',
      'list_servers',
      'search_recipes',
      'get_recipe',
    ]);
    expect(first.system).toMatch(/on 841 servers/);

    expect(found).toMatch(/_mcp_calculate$/);
    const revealed = second.tools.slice(first.tools.length).map((tool) => tool.name);
    expect(revealed).toContain(found);
    expect(revealed.length).toBeLessThanOrEqual(5);
    expect(second.tools.slice(0, first.tools.length)).toEqual(first.tools);

    expect(result.toolCalls[1]).toMatchObject({
      name: found,
      server: found.replace(/_mcp_calculate$/, ''),
      tool: 'calculate',
    });
    expect(JSON.parse(result.toolCalls[1]?.result ?? '{}')).toEqual({
      echo: 'calculate',
      args: { expression: '2 + 3' },
    });
    expect(third.tools.map((tool) => tool.name)).toEqual(second.tools.map((tool) => tool.name));
    expect(result.session.revealedTools).toContain(found);
    expect(result.session.activatedServers).toEqual([]);
  });

  it('sends the same tools and prompt at 70 and at 841 servers (plus the recipe step when recipes exist)', async () => {
    const large = new ToolCatalog(layers);
    const seventy = new ToolCatalog(small);
    expect(large.discoveryMode).toBe('global');
    expect(seventy.discoveryTools().map((tool) => tool.name)).toEqual(['search_tools', 'list_servers']);
    expect(large.discoveryTools().slice(0, 2)).toEqual(seventy.discoveryTools());
    const digitless = (text: string) => text.replace(/\d+/g, 'N');
    const withoutRecipeStep = large
      .systemPrompt()
      .split('\n')
      .filter((line) => !line.startsWith('STEP 1 '))
      .join('\n');
    expect(digitless(withoutRecipeStep)).toBe(digitless(seventy.systemPrompt()));
  });

  it('pages through every server and searches one of them', async () => {
    const catalog = new ToolCatalog(layers);
    const answer = (name: string, input: unknown) => {
      const parsed = catalog.parse(name);
      if (parsed?.kind !== 'global') throw new Error(`${name} is not a global tool`);
      return catalog.answerPseudoTool(parsed, input);
    };
    const seen: string[] = [];
    for (let offset: number | undefined = 0; offset !== undefined; ) {
      const page = JSON.parse((await answer('list_servers', { offset, limit: 100 })).text);
      seen.push(...page.servers.map((server: { name: string }) => server.name));
      offset = page.next?.offset;
    }
    expect(seen).toHaveLength(841);
    expect(new Set(seen).size).toBe(841);

    const restricted = await answer('search_tools', { query: 'current time', server: 'time_mcp_server' });
    expect(restricted.revealed.length).toBeGreaterThan(0);
    expect(restricted.revealed.every((name) => name.startsWith('time_mcp_server_mcp_'))).toBe(true);
    expect((await answer('search_tools', { query: 'time', server: 'no_such_server' })).text).toMatch(
      /Unknown server "no_such_server"\. Call list_servers to see the 841 servers/,
    );
  });
});
