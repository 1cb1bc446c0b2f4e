import { describe, expect, it } from 'vitest';
import { hostMcpAppCsp } from './mcp-app-csp.ts';

describe("hostMcpAppCsp: an app's CSP is what its server declared, within the host's URL policy", () => {
  it('keeps safe declared origins and never adds one', () => {
    expect(
      hostMcpAppCsp(
        { connectDomains: ['https://api.weather.net', 'wss://live.weather.net:443'], frameDomains: [] },
        {},
      ),
    ).toEqual({ connectDomains: ['https://api.weather.net', 'wss://live.weather.net:443'] });
    expect(hostMcpAppCsp(undefined, {})).toEqual({});
  });

  it('drops blocked hosts, wildcards over a top-level domain, and unsafe sources', () => {
    const declared = [
      'https://cdn.example.com',
      'https://x.y.example.org/path',
      'https://*.com',
      'https://*.example.com',
      'https://*.tiles.net',
      '*',
      'https:',
      "https://ok.net 'unsafe-eval'",
    ];
    expect(
      hostMcpAppCsp(
        {
          connectDomains: declared,
          resourceDomains: declared,
          frameDomains: declared,
          baseUriDomains: declared,
        },
        {},
      ),
    ).toEqual({
      connectDomains: ['https://*.tiles.net'],
      resourceDomains: ['https://*.tiles.net'],
      frameDomains: ['https://*.tiles.net'],
      baseUriDomains: ['https://*.tiles.net'],
    });
    expect(
      hostMcpAppCsp(
        { connectDomains: ['https://collector.attacker.net'] },
        { blockedHosts: ['*.attacker.net'] },
      ),
    ).toEqual({});
    expect(
      hostMcpAppCsp({ connectDomains: ['https://*.attacker.net'] }, { blockedHosts: ['x.attacker.net'] }),
    ).toEqual({});
  });

  it("loads resources only from the policy's image hosts when it lists them", () => {
    const csp = hostMcpAppCsp(
      {
        resourceDomains: [
          'https://cdn.jsdelivr.net',
          'https://evil.net',
          'https://*.tiles.org',
          'https://*.other.org',
        ],
        connectDomains: ['https://evil.net'],
      },
      { imageHosts: ['cdn.jsdelivr.net', '*.tiles.org'] },
    );
    expect(csp).toEqual({
      resourceDomains: ['https://cdn.jsdelivr.net', 'https://*.tiles.org'],
      connectDomains: ['https://evil.net'],
    });
  });
});
