import type { McpLayer } from '@switchboard/core/node';
import { describe, expect, it } from 'vitest';
import type { ServerRow } from '../store/server-store.ts';
import { pickEnabledTools } from './turn-tools.ts';

const layer = (serverName: string, ...tools: string[]): McpLayer => ({
  protocol: 'mcp',
  serverName,
  tools: tools.map((name) => ({ name, description: name, inputSchema: { type: 'object' } })),
});
const row = (id: string) => ({ id }) as ServerRow;

describe('pickEnabledTools', () => {
  const layers = [layer('shop', 'search', 'buy'), undefined, layer('calc', 'add', 'sub')];
  const wanted = [row('s1'), row('s2'), row('s3')];

  it('keeps every tool of the layers that were had when the conversation enables none', () => {
    expect(pickEnabledTools(layers, wanted, []).map((picked) => picked.tools.length)).toEqual([2, 2]);
  });

  it("keeps only the enabled tools of each server, and all of a server enabled with '*'", () => {
    const picked = pickEnabledTools(layers, wanted, [
      { server_id: 's1', tool_name: 'buy' },
      { server_id: 's3', tool_name: '*' },
    ]);
    expect(picked.map((kept) => [kept.serverName, kept.tools.map((tool) => tool.name)])).toEqual([
      ['shop', ['buy']],
      ['calc', ['add', 'sub']],
    ]);
  });
});
