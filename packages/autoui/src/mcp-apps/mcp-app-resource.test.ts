import { describe, expect, it } from 'vitest';
import { mcpAppFromResource, mcpAppResourceUri, toolVisibility } from './mcp-app-resource.ts';

const URI = 'ui://weather/dashboard.html';
const HTML = '<!DOCTYPE html><html><body>Météo</body></html>';

describe('mcpAppResourceUri', () => {
  it('reads _meta.ui.resourceUri, then the legacy _meta["ui/resourceUri"]', () => {
    expect(mcpAppResourceUri({ _meta: { ui: { resourceUri: URI } } })).toBe(URI);
    expect(mcpAppResourceUri({ _meta: { 'ui/resourceUri': URI } })).toBe(URI);
    expect(mcpAppResourceUri({ _meta: { ui: { resourceUri: URI }, 'ui/resourceUri': 'ui://old' } })).toBe(
      URI,
    );
  });

  it('ignores tools without one, and URIs that are not ui://', () => {
    expect(mcpAppResourceUri({})).toBeUndefined();
    expect(
      mcpAppResourceUri({ _meta: { ui: { resourceUri: 'https://evil.example/app.html' } } }),
    ).toBeUndefined();
    expect(mcpAppResourceUri({ _meta: { ui: { resourceUri: 42 } } })).toBeUndefined();
  });
});

describe('toolVisibility', () => {
  it('defaults to the model and the app; honours an app-only or model-only declaration', () => {
    expect(toolVisibility({})).toEqual(['model', 'app']);
    expect(toolVisibility({ _meta: { ui: { visibility: ['app'] } } })).toEqual(['app']);
    expect(toolVisibility({ _meta: { ui: { visibility: ['model', 'other'] } } })).toEqual(['model']);
  });
});

describe('mcpAppFromResource', () => {
  it('takes the HTML and the declared CSP, permissions and border preference', () => {
    const app = mcpAppFromResource(
      {
        contents: [
          {
            uri: URI,
            mimeType: 'text/html;profile=mcp-app',
            text: HTML,
            _meta: {
              ui: {
                csp: {
                  connectDomains: ['https://api.weather.example', "'unsafe-eval'"],
                  resourceDomains: [],
                },
                permissions: { geolocation: {}, camera: true },
                prefersBorder: false,
              },
            },
          },
        ],
      },
      URI,
    );
    expect(app).toEqual({
      resourceUri: URI,
      html: HTML,
      csp: { connectDomains: ['https://api.weather.example'] },
      permissions: { geolocation: {} },
      prefersBorder: false,
    });
  });

  it('decodes base64 (UTF-8) HTML given as a blob', () => {
    const blob = Buffer.from(HTML, 'utf8').toString('base64');
    const app = mcpAppFromResource(
      { contents: [{ uri: URI, mimeType: 'text/html; profile=mcp-app', blob }] },
      URI,
    );
    expect(app.html).toBe(HTML);
  });

  it('explains what is wrong with a resource that is not an MCP App', () => {
    expect(() => mcpAppFromResource({ contents: [] }, URI)).toThrow(/was not in the server's answer/);
    expect(() =>
      mcpAppFromResource({ contents: [{ uri: URI, mimeType: 'text/plain', text: HTML }] }, URI),
    ).toThrow(/MIME type "text\/plain"; expected text\/html;profile=mcp-app/);
    expect(() =>
      mcpAppFromResource({ contents: [{ uri: URI, mimeType: 'text/html;profile=mcp-app', text: ' ' }] }, URI),
    ).toThrow(/has no HTML/);
  });
});
