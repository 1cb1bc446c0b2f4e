import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCalculatorStorageServer } from '../src/calculator-storage/create-calculator-storage-server.ts';
import { SHIPPED_SERVERS } from '../src/shipped-servers.ts';
import { connectInMemory } from './support/connect-in-memory.ts';

/** What each shipped tool does to the world, as its annotations must say (MCP: readOnly, destructive). */
const EXPECTED: Record<string, Record<string, 'read-only' | 'additive' | 'destructive'>> = {
  shop: {
    search_products: 'read-only',
    get_product: 'read-only',
    add_to_cart: 'additive',
    remove_from_cart: 'destructive',
    get_cart: 'read-only',
    checkout: 'destructive',
    show_products: 'read-only',
    show_cart: 'read-only',
  },
  'calculator-storage': { calculate: 'read-only', 'set-storage': 'destructive', 'get-storage': 'read-only' },
};

/** How the MCP spec reads annotations: read-only only when said; otherwise destructive unless said not. */
function reading(annotations: { readOnlyHint?: boolean; destructiveHint?: boolean } | undefined): string {
  if (annotations?.readOnlyHint === true) return 'read-only';
  return annotations?.destructiveHint === false ? 'additive' : 'destructive';
}

describe('the tools we ship', () => {
  // open-data (every tool read-only) is checked where its own tests start its database.
  it.each(['shop', 'calculator-storage'] as const)(
    '%s annotates every tool: read-only or not, and if not whether destructive, and its world',
    async (name) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'annotations-'));
      const shipped = await SHIPPED_SERVERS[name]({ dataDir });
      const mcp = await connectInMemory(shipped.createServer);
      try {
        const { tools } = await mcp.client.listTools();
        for (const tool of tools) {
          const { annotations } = tool;
          expect(typeof annotations?.readOnlyHint, `${name}:${tool.name} readOnlyHint`).toBe('boolean');
          if (annotations?.readOnlyHint === false)
            expect(typeof annotations.destructiveHint, `${name}:${tool.name} destructiveHint`).toBe(
              'boolean',
            );
          expect(annotations?.openWorldHint, `${name}:${tool.name} openWorldHint`).toBe(false);
          const expected = EXPECTED[name][tool.name] ?? 'read-only';
          expect(`${tool.name}: ${reading(annotations)}`).toBe(`${tool.name}: ${expected}`);
        }
      } finally {
        await mcp.close();
        await shipped.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('annotates the in-page calculator and storage as its MCP twin is', () => {
    const tools = createCalculatorStorageServer().listTools();
    expect(Object.fromEntries(tools.map((tool) => [tool.name, reading(tool.annotations)]))).toEqual(
      EXPECTED['calculator-storage'],
    );
  });
});
