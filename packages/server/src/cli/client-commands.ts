import type { GatewayClient } from './gateway-client.ts';

interface ServerItem {
  id: string;
  name: string;
  status: string;
  owner: string;
  tool_count?: number;
  authorization?: string;
  transport: { type: string; url?: string; command?: string; name?: string };
  error?: string;
}

/** `switchboard servers`: the registered servers and their status. */
export async function listServers(client: GatewayClient, out: NodeJS.WritableStream): Promise<void> {
  const { items } = await client.json<{ items: ServerItem[] }>('GET', '/servers');
  if (items.length === 0) {
    out.write('No servers registered.\n');
    return;
  }
  const rows = items.map((server) => [
    server.name,
    server.status,
    server.tool_count === undefined ? '-' : String(server.tool_count),
    server.owner,
    server.transport.url ?? server.transport.command ?? `builtin ${server.transport.name}`,
  ]);
  out.write(table(['NAME', 'STATUS', 'TOOLS', 'OWNER', 'WHERE'], rows));
  for (const server of items) if (server.error) out.write(`! ${server.name}: ${server.error}\n`);
  for (const server of items) {
    if (server.authorization === 'required')
      out.write(`! ${server.name}: not connected; run: switchboard servers authorize ${server.name}\n`);
  }
}

/** `switchboard tools SERVER`: a server's tools. */
export async function listTools(
  client: GatewayClient,
  server: string,
  out: NodeJS.WritableStream,
): Promise<void> {
  const id = await serverId(client, server);
  const { items } = await client.json<{ items: Array<{ name: string; description?: string }> }>(
    'GET',
    `/servers/${id}/tools`,
  );
  for (const tool of items)
    out.write(`${tool.name}\n    ${(tool.description ?? '').replace(/\s+/g, ' ').slice(0, 160)}\n`);
}

/** `switchboard call SERVER TOOL --args JSON`: calls a tool and prints its result (and widget). */
export async function callTool(
  client: GatewayClient,
  server: string,
  tool: string,
  args: string | undefined,
  out: NodeJS.WritableStream,
): Promise<boolean> {
  let parsed: unknown = {};
  if (args) {
    try {
      parsed = JSON.parse(args);
    } catch (error) {
      throw new Error(`--args must be a JSON object: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('--args must be a JSON object');
  }
  const id = await serverId(client, server);
  const result = await client.json<{ success: boolean; content: string; widget?: { type: string } }>(
    'POST',
    `/servers/${id}/tools/call`,
    {
      name: tool,
      arguments: parsed,
    },
  );
  out.write(`${result.content}\n`);
  if (result.widget) out.write(`(renders a "${result.widget.type}" widget)\n`);
  return result.success;
}

/** The id of a server the caller sees, by name or id. */
export async function serverId(client: GatewayClient, nameOrId: string): Promise<string> {
  const { items } = await client.json<{ items: ServerItem[] }>('GET', '/servers');
  const found = items.find((server) => server.id === nameOrId || server.name === nameOrId);
  if (!found)
    throw new Error(
      `no server "${nameOrId}"; registered: ${items.map((server) => server.name).join(', ') || 'none'}`,
    );
  return found.id;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    `${cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd()}\n`;
  return [header, ...rows].map(line).join('');
}
