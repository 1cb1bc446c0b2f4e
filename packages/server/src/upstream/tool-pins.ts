import { createHash } from 'node:crypto';
import type { McpToolDef } from '@switchboard/core';
import type { Queryable } from '../storage/database.ts';
import { loadToolPins, mergeToolPins, type ToolPin } from '../store/tool-pin-store.ts';

/** A tool whose definition changed since the gateway last saw it, or whose annotations tried to loosen. */
export interface ToolDefinitionChange {
  serverId: string;
  /** The server's registered name. */
  server: string;
  tool: string;
  /** `definition`: its title, description or input schema; `annotations`: it now claims a looser reading, which is not taken. */
  changed: Array<'definition' | 'annotations'>;
}

/** How long a listing's pins are used before the database is read again (ms): another replica may have pinned stricter. */
const RECHECK_MS = 60_000;

/**
 * The tools of a server as the gateway decides on them. A tool's annotations come from its server
 * and are untrusted: once the gateway has seen a tool read as not read-only, or destructive, a later
 * definition claiming otherwise does not loosen what the approval policy decides — each tool's
 * annotations are read at their strictest seen, kept per registration in the database (so replicas
 * and restarts agree). A changed title, description or input schema, and an attempt to loosen the
 * annotations, are reported to `onChange` when a listing first shows them.
 *
 * A listing's pinned tools are the same objects as long as nothing changes (the catalog caches key
 * on tool identity); the database is read when a listing is new here, and again after a minute.
 */
export class ToolPins {
  readonly #db: Queryable;
  readonly #onChange: (change: ToolDefinitionChange) => void;
  readonly #pinned = new WeakMap<McpToolDef, { tool: McpToolDef; at: number }>();

  constructor(db: Queryable, onChange: (change: ToolDefinitionChange) => void) {
    this.#db = db;
    this.#onChange = onChange;
  }

  /** `tools` of the registration `serverId` (named `server`), each with its strictest annotations seen. */
  async pin(serverId: string, server: string, tools: readonly McpToolDef[]): Promise<McpToolDef[]> {
    const now = Date.now();
    const known = tools.map((tool) => this.#pinned.get(tool));
    if (known.every((entry) => entry !== undefined && now - entry.at < RECHECK_MS))
      return known.map((entry) => (entry as { tool: McpToolDef }).tool);

    const seen = seenPins(tools);
    const before = await loadToolPins(this.#db, serverId);
    const merged = await mergeToolPins(this.#db, serverId, [...seen.values()]);
    for (const pin of seen.values()) {
      const previous = before.get(pin.tool);
      if (!previous) continue;
      const changed: ToolDefinitionChange['changed'] = [];
      if (previous.definitionHash !== pin.definitionHash) changed.push('definition');
      if ((previous.destructive && !pin.destructive) || (!previous.readOnly && pin.readOnly))
        changed.push('annotations');
      if (changed.length > 0) this.#onChange({ serverId, server, tool: pin.tool, changed });
    }
    return tools.map((tool, index) => {
      const pin = merged.get(tool.name);
      const strictest = pin ? strictestTool(tool, pin) : tool;
      const earlier = known[index]?.tool;
      const kept = earlier && sameTool(earlier, strictest) ? earlier : strictest;
      this.#pinned.set(tool, { tool: kept, at: now });
      return kept;
    });
  }
}

/** What this listing shows of each tool (a name listed twice: its strictest reading). */
function seenPins(tools: readonly McpToolDef[]): Map<string, ToolPin> {
  const seen = new Map<string, ToolPin>();
  for (const tool of tools) {
    const pin: ToolPin = { tool: tool.name, ...mcpReading(tool), definitionHash: definitionHash(tool) };
    const other = seen.get(tool.name);
    seen.set(
      tool.name,
      other
        ? {
            ...pin,
            readOnly: other.readOnly && pin.readOnly,
            destructive: other.destructive || pin.destructive,
          }
        : pin,
    );
  }
  return seen;
}

/**
 * What a tool's annotations say as the MCP spec reads them: read-only only when it says so; a tool
 * that is not may be destructive unless it says `destructiveHint: false`.
 */
function mcpReading(tool: McpToolDef): { readOnly: boolean; destructive: boolean } {
  const readOnly = tool.annotations?.readOnlyHint === true;
  return { readOnly, destructive: !readOnly && tool.annotations?.destructiveHint !== false };
}

/** The tool with its annotations read as `pin` says (spelled out), or the tool itself when they already are. */
function strictestTool(tool: McpToolDef, pin: ToolPin): McpToolDef {
  const reading = mcpReading(tool);
  if (reading.readOnly === pin.readOnly && reading.destructive === pin.destructive) return tool;
  const { readOnlyHint: _readOnly, destructiveHint: _destructive, ...rest } = tool.annotations ?? {};
  return {
    ...tool,
    annotations: {
      ...rest,
      readOnlyHint: pin.readOnly && !pin.destructive,
      ...(pin.destructive ? { destructiveHint: true } : pin.readOnly ? {} : { destructiveHint: false }),
    },
  };
}

function sameTool(a: McpToolDef, b: McpToolDef): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A hash of what a tool says it is and takes (title, description, input schema). */
function definitionHash({ title, description, inputSchema }: McpToolDef): string {
  return createHash('sha256').update(JSON.stringify({ title, description, inputSchema })).digest('base64url');
}
