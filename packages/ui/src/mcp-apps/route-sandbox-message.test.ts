import { buildMcpAppCsp } from '@switchboard/autoui';
import { describe, expect, it } from 'vitest';
import type { SandboxFrames } from './route-sandbox-message.ts';
import { routeSandboxMessage } from './route-sandbox-message.ts';

const HOST = 'http://127.0.0.1:4173';
const hostWindow = { name: 'host' } as unknown as MessageEventSource;
const appWindow = { name: 'app' } as unknown as MessageEventSource;
const strangerWindow = { name: 'stranger' } as unknown as MessageEventSource;
const frames: SandboxFrames = { host: hostWindow, hostOrigin: HOST, app: appWindow, loaded: false };
const CALL = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get-time', arguments: {} } };
const RESULT = { jsonrpc: '2.0', id: 3, result: { content: [] } };
const resourceReady = (params: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  method: 'ui/notifications/sandbox-resource-ready',
  params,
});

describe('routeSandboxMessage', () => {
  it('loads the app from the host, with its CSP first in the document', () => {
    const route = routeSandboxMessage(
      {
        source: hostWindow,
        origin: HOST,
        data: resourceReady({
          html: '<!DOCTYPE html><html><head><title>x</title></head></html>',
          csp: { connectDomains: ['https://api.example.org'] },
          sandbox: 'allow-scripts allow-same-origin allow-top-navigation',
        }),
      },
      frames,
    );
    const policy = buildMcpAppCsp({ connectDomains: ['https://api.example.org'] });
    expect(route).toEqual({
      kind: 'load',
      policy,
      srcdoc: `<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="${policy}"><html><head><title>x</title></head></html>`,
    });
  });

  it('loads the app once only', () => {
    const data = resourceReady({ html: '<p>again</p>' });
    expect(
      routeSandboxMessage({ source: hostWindow, origin: HOST, data }, { ...frames, loaded: true }).kind,
    ).toBe('drop');
  });

  it('relays host → app and app → host JSON-RPC', () => {
    expect(routeSandboxMessage({ source: hostWindow, origin: HOST, data: RESULT }, frames)).toEqual({
      kind: 'to-app',
      message: RESULT,
    });
    expect(routeSandboxMessage({ source: appWindow, origin: 'null', data: CALL }, frames)).toEqual({
      kind: 'to-host',
      message: CALL,
    });
  });

  it.each([
    [
      'the host window with another origin',
      hostWindow,
      'http://evil.example',
      resourceReady({ html: '<p>x</p>' }),
    ],
    ['another window with the host origin', strangerWindow, HOST, resourceReady({ html: '<p>x</p>' })],
    ['the app window with a real origin (navigated away)', appWindow, 'https://evil.example', CALL],
    ['the app window with the host origin', appWindow, HOST, CALL],
    ['a stranger with an opaque origin', strangerWindow, 'null', CALL],
    ['no window', null, HOST, CALL],
  ])('drops a message from %s', (_case, source, origin, data) => {
    expect(routeSandboxMessage({ source, origin, data }, frames).kind).toBe('drop');
  });

  it('drops what is not JSON-RPC, and sandbox methods the app tries to forge', () => {
    expect(routeSandboxMessage({ source: hostWindow, origin: HOST, data: '<p>x</p>' }, frames).kind).toBe(
      'drop',
    );
    expect(
      routeSandboxMessage({ source: appWindow, origin: 'null', data: { method: 'x' } }, frames).kind,
    ).toBe('drop');
    const forged = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} };
    expect(routeSandboxMessage({ source: appWindow, origin: 'null', data: forged }, frames)).toEqual({
      kind: 'drop',
      reason: 'the app may not send ui/notifications/sandbox-proxy-ready',
    });
    expect(routeSandboxMessage({ source: hostWindow, origin: HOST, data: forged }, frames).kind).toBe('drop');
  });

  it('drops a resource notification without HTML', () => {
    expect(
      routeSandboxMessage({ source: hostWindow, origin: HOST, data: resourceReady({}) }, frames).kind,
    ).toBe('drop');
  });
});
