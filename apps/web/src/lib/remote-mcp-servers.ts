/** A remote MCP server the page connects to over Streamable HTTP (it must allow the page's origin by CORS). */
export interface RemoteMcpServer {
  /** Short name: letters, digits, `-` and `_` (it prefixes the server's tool names). */
  name: string;
  /** The server's MCP endpoint, `http://…` or `https://…`. */
  url: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

/**
 * Checks one server entry; returns the cleaned entry, or a clear message saying what is wrong.
 */
export function parseRemoteMcpServer(input: unknown): RemoteMcpServer | { error: string } {
  const entry = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const name = typeof entry.name === 'string' ? entry.name.trim() : '';
  const url = typeof entry.url === 'string' ? entry.url.trim() : '';
  if (!NAME.test(name))
    return {
      error: `"${name}" is not a server name: use 1–40 letters, digits, "-" or "_", starting with a letter or digit`,
    };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { error: `"${url}" is not a URL: give the server's MCP endpoint, e.g. https://example.com/mcp` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return {
      error: `"${url}" is not an http(s) URL: only http:// and https:// MCP endpoints can be reached from the page`,
    };
  return { name, url: parsed.href };
}

/**
 * The valid entries of a `mcpServers` list (invalid ones and repeated names are dropped; anything but
 * an array gives an empty list).
 */
export function parseRemoteMcpServers(input: unknown): RemoteMcpServer[] {
  if (!Array.isArray(input)) return [];
  const servers: RemoteMcpServer[] = [];
  for (const item of input) {
    const server = parseRemoteMcpServer(item);
    if ('error' in server || servers.some((known) => known.name === server.name)) continue;
    servers.push(server);
  }
  return servers;
}
