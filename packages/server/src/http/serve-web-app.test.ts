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
});
