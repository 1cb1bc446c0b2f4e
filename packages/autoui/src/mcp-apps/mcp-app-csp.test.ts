import { describe, expect, it } from 'vitest';
import { buildMcpAppCsp, cspSources, sandboxProxyCsp } from './mcp-app-csp.ts';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );

describe('buildMcpAppCsp', () => {
  it('without declarations: nothing loads or connects; scripts and styles only inline', () => {
    expect(directives(buildMcpAppCsp())).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'unsafe-inline'"],
      'style-src': ["'unsafe-inline'"],
      'img-src': ['data:'],
      'font-src': ['data:'],
      'media-src': ['data:'],
      'connect-src': ["'none'"],
      'frame-src': ["'none'"],
      'base-uri': ["'none'"],
      'object-src': ["'none'"],
      'form-action': ["'none'"],
    });
  });

  it('adds the declared origins to the directives they map to, and nowhere else', () => {
    const policy = directives(
      buildMcpAppCsp({
        connectDomains: ['https://api.weather.example', 'wss://live.weather.example'],
        resourceDomains: ['https://cdn.jsdelivr.net', 'https://*.cloudflare.com'],
        frameDomains: ['https://www.youtube.com'],
        baseUriDomains: ['https://cdn.example.org'],
      }),
    );
    expect(policy['connect-src']).toEqual(['https://api.weather.example', 'wss://live.weather.example']);
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src'])
      expect(policy[name]).toEqual(
        expect.arrayContaining(['https://cdn.jsdelivr.net', 'https://*.cloudflare.com']),
      );
    expect(policy['script-src']).not.toContain('https://api.weather.example');
    expect(policy['frame-src']).toEqual(['https://www.youtube.com']);
    expect(policy['base-uri']).toEqual(['https://cdn.example.org']);
    expect(policy['default-src']).toEqual(["'none'"]);
  });

  it.each([
    ["https://ok.example 'unsafe-eval'", 'a keyword smuggled after a space'],
    ['https://ok.example; script-src *', 'a second directive'],
    ['*', 'a wildcard for every host'],
    ['https:', 'a whole scheme'],
    ["'unsafe-eval'", 'a keyword'],
    ['javascript:alert(1)', 'a script URL'],
    ['data:', 'a data scheme'],
    ['https://ok.example,https://other.example', 'a list in one entry'],
    ['https://ok.example\nscript-src *', 'a line break'],
  ])('refuses the declared source %j (%s)', (source) => {
    expect(cspSources([source])).toEqual([]);
    const declared = [source];
    expect(
      buildMcpAppCsp({
        connectDomains: declared,
        resourceDomains: declared,
        frameDomains: declared,
        baseUriDomains: declared,
      }),
    ).toBe(buildMcpAppCsp());
  });

  it('keeps origins with ports, loopback and paths; drops duplicates and non-strings', () => {
    expect(
      cspSources([
        'http://localhost:3001',
        'http://127.0.0.1:*',
        'https://api.example.org/v1/',
        'http://localhost:3001',
        42,
        null,
      ]),
    ).toEqual(['http://localhost:3001', 'http://127.0.0.1:*', 'https://api.example.org/v1/']);
    expect(cspSources('https://not-a-list.example')).toEqual([]);
  });
});

describe('sandboxProxyCsp', () => {
  it('lets only the host origins frame the sandbox proxy', () => {
    expect(sandboxProxyCsp(['http://127.0.0.1:5173', 'https://switchboard.example.org'])).toBe(
      'frame-ancestors http://127.0.0.1:5173 https://switchboard.example.org',
    );
    expect(sandboxProxyCsp(['*', "'self'"])).toBe("frame-ancestors 'none'");
  });
});
