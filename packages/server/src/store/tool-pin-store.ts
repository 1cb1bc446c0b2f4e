import type { Queryable } from '../storage/database.ts';

/**
 * What the gateway keeps of one tool of a server: the strictest reading of its annotations seen so
 * far (read-only only while every definition seen said so; destructive once one was not read-only
 * without saying `destructiveHint: false`, the MCP default), and a hash of the definition last seen
 * (title, description, input schema).
 */
export interface ToolPin {
  tool: string;
  readOnly: boolean;
  destructive: boolean;
  definitionHash: string;
}

/** The pins of a server's tools, by tool name. */
export async function loadToolPins(db: Queryable, serverId: string): Promise<Map<string, ToolPin>> {
  const { rows } = await db.query<{
    tool: string;
    read_only: boolean;
    destructive: boolean;
    definition_hash: string;
  }>('SELECT tool, read_only, destructive, definition_hash FROM tool_pins WHERE server_id = $1', [serverId]);
  return new Map(
    rows.map((row) => [
      row.tool,
      {
        tool: row.tool,
        readOnly: row.read_only,
        destructive: row.destructive,
        definitionHash: row.definition_hash,
      },
    ]),
  );
}

/**
 * Merges what a listing of the server's tools showed into their pins in one statement, the
 * strictest reading winning whatever another replica stored meanwhile (read-only AND, destructive
 * OR), and records each definition's hash; resolves with the merged pins, by tool name.
 */
export async function mergeToolPins(
  db: Queryable,
  serverId: string,
  seen: readonly ToolPin[],
): Promise<Map<string, ToolPin>> {
  if (seen.length === 0) return new Map();
  const params: unknown[] = [serverId];
  const values = seen.map((pin) => {
    const at = params.length;
    params.push(pin.tool, pin.readOnly, pin.destructive, pin.definitionHash);
    return `($1, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4})`;
  });
  const { rows } = await db.query<{ tool: string; read_only: boolean; destructive: boolean }>(
    `INSERT INTO tool_pins (server_id, tool, read_only, destructive, definition_hash) VALUES ${values.join(', ')}
     ON CONFLICT (server_id, tool) DO UPDATE SET
       read_only = tool_pins.read_only AND EXCLUDED.read_only,
       destructive = tool_pins.destructive OR EXCLUDED.destructive,
       definition_hash = EXCLUDED.definition_hash,
       updated_at = now()
     RETURNING tool, read_only, destructive`,
    params,
  );
  const hashes = new Map(seen.map((pin) => [pin.tool, pin.definitionHash]));
  return new Map(
    rows.map((row) => [
      row.tool,
      {
        tool: row.tool,
        readOnly: row.read_only,
        destructive: row.destructive,
        definitionHash: hashes.get(row.tool) ?? '',
      },
    ]),
  );
}
