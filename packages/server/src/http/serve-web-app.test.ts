import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from './serve-web-app.ts';

describe('serveWebApp', () => {
  let dir: string;
  let app: Hono;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-web-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Switchboard</title>');
    await writeFile(join(dir, 'assets', 'app.js'), 'console.log(1)');
    app = new Hono();
    app.use('*', serveWebApp(dir));
    app.get('/conversations', (c) => c.json({ api: true }));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  const get = (path: string, accept = '*/*') => app.request(path, { headers: { accept } });

  it('serves the files, the app for page navigations, and leaves API requests to the API', async () => {
    expect(await (await get('/', 'text/html')).text()).toContain('<title>Switchboard</title>');
    expect(await (await get('/assets/app.js')).text()).toBe('console.log(1)');
    expect(await (await get('/conversations/conv_1', 'text/html,application/xhtml+xml')).text()).toContain(
      '<title>',
    );
    expect(await (await get('/conversations', 'application/json')).json()).toEqual({ api: true });
    expect((await get('/api/conversations', 'text/html')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });

  it('tells the app to run connected to this gateway, unless the folder has its own config.json', async () => {
    const served = new Hono();
    served.use(
      '*',
      serveWebApp(dir, { config: { modelLabel: 'offline', tileUrl: 'https://tiles.test/{z}' } }),
    );
    const response = await served.request('/config.json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      mode: 'gateway',
      apiBase: '',
      modelLabel: 'offline',
      tileUrl: 'https://tiles.test/{z}',
    });
    const own = await mkdtemp(join(tmpdir(), 'switchboard-web-'));
    await writeFile(join(own, 'config.json'), '{"mode":"standalone"}');
    const deployed = new Hono();
    deployed.use('*', serveWebApp(own));
    expect(await (await deployed.request('/config.json')).json()).toEqual({ mode: 'standalone' });
    // Anyone can fetch config.json: an API key put there (in the file or the options) is never served.
    await writeFile(join(own, 'config.json'), '{"mode":"gateway","apiKey":"sk-operator"}');
    expect(await (await deployed.request('/config.json')).json()).toEqual({ mode: 'gateway' });
    const keyed = new Hono();
    keyed.use('*', serveWebApp(dir, { config: { apiKey: 'sk-operator' } }));
    expect(JSON.stringify(await (await keyed.request('/config.json')).json())).not.toContain('sk-operator');
    await rm(own, { recursive: true, force: true });
  });

  it('lets only the app frame the MCP Apps sandbox page (the other loopback name, or the configured origins)', async () => {
    await writeFile(join(dir, 'mcp-app-sandbox.html'), '<!doctype html><title>sandbox</title>');
    const csp = async (served: Hono, url: string) =>
      (await served.request(url)).headers.get('content-security-policy');
    expect(
      await csp(app, 'http://localhost:8787/mcp-app-sandbox.html?host=http%3A%2F%2F127.0.0.1%3A8787'),
    ).toBe('frame-ancestors http://127.0.0.1:8787');
    expect(await csp(app, 'http://127.0.0.1:9000/mcp-app-sandbox.html')).toBe(
      'frame-ancestors http://localhost:9000',
    );
    expect(await csp(app, 'http://sandbox.example.org/mcp-app-sandbox.html')).toBe("frame-ancestors 'none'");
    expect(await csp(app, 'http://localhost:8787/')).toBeNull();
    const configured = new Hono();
    configured.use('*', serveWebApp(dir, { appOrigins: ['https://switchboard.example.org'] }));
    expect(await csp(configured, 'http://sandbox.example.org/mcp-app-sandbox.html')).toBe(
      'frame-ancestors https://switchboard.example.org',
    );
  });
});
