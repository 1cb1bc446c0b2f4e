import type { McpConnection, McpLayer } from '@switchboard/core/node';
import type { EnabledTool } from '../store/conversation.ts';
import { type ServerRow, usesOAuth } from '../store/server-store.ts';
import { AuthorizationRequiredError } from './authorization-required-error.ts';

/** What a turn may use: its servers' layers and connections, and the servers the user must connect first. */
export interface TurnTools {
  layers: McpLayer[];
  /** Connections by server name (the shared ones and the user's own). */
  clients: ReadonlyMap<string, McpConnection>;
  needsAuthorization: ServerRow[];
  /** The OAuth servers the user has connected (their own connection is in `clients`). */
  connected: ServerRow[];
  /** Servers left out because they could not be reached in time (or failed), with why. */
  unavailable: UnavailableServer[];
}

/** A server a turn goes without, and why (e.g. it did not answer within the connect deadline). */
export interface UnavailableServer {
  row: ServerRow;
  reason: string;
}

/** A user's layer of an OAuth server, with the connection the turn calls it through. */
export type UserLayer = McpLayer & { connection: McpConnection };

/** Where a turn's layers come from. */
export interface TurnToolSources {
  /** The shared connections by server name. */
  shared: ReadonlyMap<string, McpConnection>;
  /** A shared server's layer; rejects with why it cannot be had. */
  sharedLayer(row: ServerRow): Promise<McpLayer>;
  /** The user's own layer of an OAuth server; {@link AuthorizationRequiredError} when they must connect it. */
  userLayer(row: ServerRow): Promise<UserLayer>;
}

/**
 * Gathers a turn's tools from the running servers it may use (`rows`): when the conversation enables
 * tools explicitly, only those servers and tools. Servers that fail are left out and listed in
 * `unavailable` with why; OAuth servers the user has not connected, in `needsAuthorization`.
 */
export async function gatherTurnTools(
  rows: readonly ServerRow[],
  enabled: readonly EnabledTool[],
  sources: TurnToolSources,
): Promise<TurnTools> {
  const wanted =
    enabled.length > 0 ? rows.filter((row) => enabled.some((tool) => tool.server_id === row.id)) : [...rows];
  const clients = wanted.some(usesOAuth) ? new Map(sources.shared) : sources.shared;
  const needsAuthorization: ServerRow[] = [];
  const connected: ServerRow[] = [];
  const unavailable: UnavailableServer[] = [];
  const leftOut = (row: ServerRow, error: unknown) => {
    // A server found to want each user's authorization asks this user too.
    if (error instanceof AuthorizationRequiredError) needsAuthorization.push(row);
    else unavailable.push({ row, reason: error instanceof Error ? error.message : String(error) });
    return undefined;
  };
  const layers = await Promise.all(
    wanted.map(async (row) => {
      if (!usesOAuth(row)) return sources.sharedLayer(row).catch((error: unknown) => leftOut(row, error));
      try {
        const { connection, ...layer } = await sources.userLayer(row);
        if (clients instanceof Map) clients.set(row.name, connection);
        connected.push(row);
        return layer;
      } catch (error) {
        return leftOut(row, error);
      }
    }),
  );
  return {
    layers: pickEnabledTools(layers, wanted, enabled),
    clients,
    needsAuthorization,
    connected,
    unavailable,
  };
}

/**
 * The layers that were had (`layers[i]` of `wanted[i]`, undefined when left out), each cut down to
 * the tools `enabled` names for its server (`*` for all); all their tools when nothing is enabled.
 */
export function pickEnabledTools(
  layers: readonly (McpLayer | undefined)[],
  wanted: readonly ServerRow[],
  enabled: readonly EnabledTool[],
): McpLayer[] {
  return layers.flatMap((layer, index) => {
    if (!layer) return [];
    if (enabled.length === 0) return [layer];
    const names = new Set(
      enabled.filter((tool) => tool.server_id === wanted[index].id).map((tool) => tool.tool_name),
    );
    return [
      {
        ...layer,
        tools: names.has('*') ? layer.tools : layer.tools.filter((tool) => names.has(tool.name)),
      },
    ];
  });
}
