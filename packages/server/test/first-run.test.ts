import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRY_ASKING } from '../src/cli/first-run-banner.ts';

const START = fileURLToPath(new URL('../../../scripts/start.ts', import.meta.url));

/**
 * `npm start` as a newcomer runs it (`node scripts/start.ts`, which runs `switchboard serve`), on a
 * free port with its own data directory and a stand-in web app folder (so the test does not depend
 * on a build of apps/web another test may be rewriting).
 */
describe('npm start (first run)', () => {
  let dir: string;
  let child: ChildProcess;
  let output = '';
  let url: string;
  /** The open gateway's token, from the link the banner prints. */
  let token: string;
  let closed: Promise<unknown>;
  const withToken = (headers: Record<string, string> = {}) => ({
    ...headers,
    authorization: `Bearer ${token}`,
  });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-first-run-'));
    await mkdir(join(dir, 'web'));
    await writeFile(
      join(dir, 'web', 'index.html'),
      '<!doctype html><title>Switchboard</title><div id="app"></div>',
    );
    await writeFile(join(dir, 'config.json'), JSON.stringify({ webDir: join(dir, 'web') }));
    child = spawn(
      process.execPath,
      [START, '--config', join(dir, 'config.json'), '--port', '0', '--data-dir', join(dir, 'data')],
      { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: withoutModelKeys(process.env) },
    );
    const stderr = child.stderr as NodeJS.ReadableStream;
    closed = once(stderr, 'close');
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm start did not finish starting:\n${output}`)),
        45_000,
      );
      stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Stop with Ctrl+C')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
    });
    url = /listening on (http:\/\/\S+)/.exec(output)?.[1] as string;
    token = /Open http:\/\/\S+\/\?token=(\S+) in your browser\./.exec(output)?.[1] as string;
  }, 60_000);

  afterAll(async () => {
    if (child?.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await closed;
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the URL, the connected servers with their tools, the model and what to try', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(output).toContain(`Open ${url}/?token=${token} in your browser.`);
    expect(token).toMatch(/^[\w-]{40,}$/);
    for (const server of ['shop', 'open-data', 'calculator-storage'])
      expect(output).toMatch(new RegExp(`✓ ${server} \\(\\d+ tools\\)`));
    expect(output).toContain('the offline planner');
    expect(output).toContain('ANTHROPIC_API_KEY');
    expect(output).toContain('SWITCHBOARD_MODEL=');
    for (const question of Object.values(TRY_ASKING).flat()) expect(output).toContain(`• ${question}`);
  });

  it('serves the app, its config.json (connected mode) and /health', async () => {
    const page = await fetch(url, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<div id="app">');
    expect(await (await fetch(`${url}/config.json`)).json()).toEqual({
      mode: 'gateway',
      apiBase: '',
      modelLabel: 'Offline planner (not a language model)',
    });
    expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ status: 'ok', database: 'pglite' });
  });

  it("answers the API only with the printed link's token (a bearer, or the cookie the link sets)", async () => {
    expect((await fetch(`${url}/servers`)).status).toBe(401);
    const opened = await fetch(`${url}/?token=${token}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const cookie = opened.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect((await fetch(`${url}/servers`, { headers: { cookie } })).status).toBe(200);
  });

  it("calls the shop's display tool directly, with the widget its JSON text describes", async () => {
    const { items } = (await (await fetch(`${url}/servers`, { headers: withToken() })).json()) as {
      items: Array<{ id: string; name: string }>;
    };
    const shop = items.find((server) => server.name === 'shop');
    const call = await fetch(`${url}/servers/${shop?.id}/tools/call`, {
      method: 'POST',
      headers: withToken({ 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'show_products', arguments: { query: 'bread', limit: 2 } }),
    });
    expect(await call.json()).toMatchObject({
      success: true,
      is_error: false,
      widget: {
        type: 'cards',
        data: {
          items: [expect.objectContaining({ title: expect.stringMatching(/bread/i) }), expect.anything()],
        },
      },
    });
  });

  it('answers every "try asking" question with the offline planner, each with a widget', async () => {
    const post = async (path: string, body: unknown) =>
      (
        await fetch(`${url}${path}`, {
          method: 'POST',
          headers: withToken({ 'content-type': 'application/json' }),
          body: JSON.stringify(body),
        })
      ).json();
    const { id } = (await post('/conversations', {})) as { id: string };
    let shown = 0;
    for (const question of Object.values(TRY_ASKING).flat()) {
      const reply = (await post(`/conversations/${id}/chat`, { content: question })) as {
        stop_reason: string;
        assistant_message: { content: string };
      };
      expect(reply.stop_reason, question).toBe('end_turn');
      expect(reply.assistant_message.content, question).not.toMatch(/failed|not found|no tool/i);
      const { items } = (await (
        await fetch(`${url}/conversations/${id}/canvas`, { headers: withToken() })
      ).json()) as {
        items: unknown[];
      };
      expect(items.length, `${question}: a widget on the canvas`).toBeGreaterThan(shown);
      shown = items.length;
    }
    const { items } = (await (
      await fetch(`${url}/conversations/${id}/canvas`, { headers: withToken() })
    ).json()) as {
      items: Array<{ payload: { type: string } }>;
    };
    expect(new Set(items.map((item) => item.payload.type))).toEqual(
      new Set(['stat', 'markdown', 'table', 'chart', 'map']),
    );
  });
});

/** The environment without model keys, so the gateway uses the offline planner whatever the machine has. */
function withoutModelKeys(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const {
    ANTHROPIC_API_KEY: _anthropic,
    OPENAI_API_KEY: _openai,
    SWITCHBOARD_MODEL: _model,
    PORT: _port,
    HOST: _host,
    DATABASE_URL: _database,
    REDIS_URL: _redis,
    ...rest
  } = env;
  return rest;
}
