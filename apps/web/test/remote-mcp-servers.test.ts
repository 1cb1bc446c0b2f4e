import { describe, expect, it } from 'vitest';
import { resolveAppConfig } from '../src/lib/app-config.ts';
import { parseRemoteMcpServer, parseRemoteMcpServers } from '../src/lib/remote-mcp-servers.ts';

describe('remote MCP servers in the app config', () => {
  it('keeps valid http(s) servers and drops the rest', () => {
    const config = resolveAppConfig(
      {
        mcpServers: [
          { name: 'calc', url: 'http://127.0.0.1:4000/mcp' },
          { name: 'docs', url: ' https://example.com/mcp ' },
          { name: 'calc', url: 'https://other.example/mcp' },
          { name: 'files', url: 'file:///etc/passwd' },
          { name: 'js', url: 'javascript:alert(1)' },
          { name: 'bad name', url: 'https://example.com/mcp' },
          { name: 'nourl' },
          'https://example.com/mcp',
        ],
      },
      '',
    );
    expect(config.mcpServers).toEqual([
      { name: 'calc', url: 'http://127.0.0.1:4000/mcp' },
      { name: 'docs', url: 'https://example.com/mcp' },
    ]);
  });

  it('gives an empty list for anything but an array', () => {
    expect(resolveAppConfig({ mcpServers: { name: 'x' } }, '').mcpServers).toEqual([]);
    expect(resolveAppConfig(undefined, '').mcpServers).toEqual([]);
    expect(parseRemoteMcpServers('nope')).toEqual([]);
  });

  it('says what is wrong with a bad entry', () => {
    expect(parseRemoteMcpServer({ name: 'x', url: 'ftp://example.com/mcp' })).toEqual({
      error: expect.stringMatching(/only http:\/\/ and https:\/\//),
    });
    expect(parseRemoteMcpServer({ name: 'x', url: 'not a url' })).toEqual({
      error: expect.stringMatching(/is not a URL/),
    });
    expect(parseRemoteMcpServer({ name: '', url: 'https://example.com/mcp' })).toEqual({
      error: expect.stringMatching(/not a server name/),
    });
  });
});
