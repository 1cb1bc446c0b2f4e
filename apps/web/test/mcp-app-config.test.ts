import { describe, expect, it } from 'vitest';
import { loopbackSandboxUrl, resolveAppConfig } from '../src/lib/app-config.ts';

describe('the MCP Apps sandbox URL', () => {
  it('defaults to the other loopback name of the same server, beside the app', () => {
    expect(loopbackSandboxUrl('http://127.0.0.1:4173/')).toBe('http://localhost:4173/mcp-app-sandbox.html');
    expect(loopbackSandboxUrl('http://localhost:8080/app/?mode=gateway#x')).toBe(
      'http://127.0.0.1:8080/app/mcp-app-sandbox.html',
    );
    expect(resolveAppConfig(undefined, '', 'http://127.0.0.1:4173/').mcpAppSandboxUrl).toBe(
      'http://localhost:4173/mcp-app-sandbox.html',
    );
  });

  it('has no default off loopback; a configured http(s) URL wins', () => {
    expect(loopbackSandboxUrl('https://switchboard.example.org/')).toBeUndefined();
    expect(
      resolveAppConfig(undefined, '', 'https://switchboard.example.org/').mcpAppSandboxUrl,
    ).toBeUndefined();
    const configured = { mcpAppSandboxUrl: 'https://sandbox.switchboard.example.org/mcp-app-sandbox.html' };
    expect(resolveAppConfig(configured, '', 'http://127.0.0.1:4173/').mcpAppSandboxUrl).toBe(
      configured.mcpAppSandboxUrl,
    );
    expect(
      resolveAppConfig({ mcpAppSandboxUrl: 'javascript:alert(1)' }, '').mcpAppSandboxUrl,
    ).toBeUndefined();
  });
});
