import { describe, expect, it } from 'vitest';
import type { McpAppServer } from './mcp-app-presenter.ts';
import { readResourceThroughConnections } from './read-resource-through-connections.ts';

const URI = 'ui://clock/app.html';
const server = (serverName: string, protocol: McpAppServer['protocol'] = 'mcp'): McpAppServer => ({
  server: serverName,
  serverName,
  protocol,
});

/** A connection that records what it is asked to read, with which signal. */
function recordingConnection(reads: Array<{ uri: string; signal?: AbortSignal }>) {
  return {
    readResource: async (uri: string, options: { signal?: AbortSignal } = {}) => {
      reads.push({ uri, signal: options.signal });
      return { contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: '<html></html>' }] };
    },
  };
}

describe('readResourceThroughConnections', () => {
  it("reads through the named server's connection, with the host's signal", async () => {
    const reads: Array<{ uri: string; signal?: AbortSignal }> = [];
    const signal = new AbortController().signal;
    const read = readResourceThroughConnections({
      connections: new Map([
        ['clock', recordingConnection(reads)],
        ['other', recordingConnection([])],
      ]),
      signal,
      host: 'this page',
    });
    await expect(read(server('clock'), URI)).resolves.toEqual({
      contents: [{ uri: URI, mimeType: 'text/html;profile=mcp-app', text: '<html></html>' }],
    });
    expect(reads).toEqual([{ uri: URI, signal }]);
  });

  it('refuses a server it has no connection to, and a WebMCP server of the same name', async () => {
    const reads: Array<{ uri: string }> = [];
    const read = readResourceThroughConnections({
      connections: new Map([['clock', recordingConnection(reads)]]),
      signal: new AbortController().signal,
      host: 'this page',
    });
    await expect(read(server('weather'), URI)).rejects.toThrow(
      'this page has no connection to the MCP server "weather"',
    );
    await expect(read(server('clock', 'webmcp'), URI)).rejects.toThrow(
      'this page has no connection to the MCP server "clock"',
    );
    expect(reads).toEqual([]);
  });
});
