import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
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
    /** The tools the person was asked about before they ran (a fresh start asks before any not read-only). */
    const asked: string[] = [];
    type Reply = {
      stop_reason: string;
      assistant_message: { content: string };
      pending?: Array<{ call_id: string; tool: string }>;
    };
    for (const question of Object.values(TRY_ASKING).flat()) {
      let reply = (await post(`/conversations/${id}/chat`, { content: question })) as Reply;
      while (reply.stop_reason === 'awaiting_approval') {
        const [pending] = reply.pending ?? [];
        asked.push(pending?.tool ?? '');
        reply = (await post(`/conversations/${id}/approvals`, {
          call_id: pending?.call_id,
          decision: 'approve',
        })) as Reply;
      }
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
    // Storing and adding to the cart change something: asked first. Reads and widgets are not.
    expect(asked).toEqual(['set-storage', 'add_to_cart']);
  });

  it('is careful by default: anything not read-only waits for the person, in chat, on the Tools tab and on /mcp', async () => {
    const policy = await (await fetch(`${url}/policy`, { headers: withToken() })).json();
    expect(policy).toEqual({
      rules: [
        { match: 'autoui:widget_display', action: 'allow' },
        { match: 'autoui:canvas', action: 'allow' },
      ],
      readOnly: 'allow',
      defaultAction: 'ask',
    });
    const post = async (path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: withToken({ 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      });
    const { items } = (await (await fetch(`${url}/servers`, { headers: withToken() })).json()) as {
      items: Array<{ id: string; name: string }>;
    };
    const shop = items.find((server) => server.name === 'shop')?.id;
    const cart = async () =>
      (await (await post(`/servers/${shop}/tools/call`, { name: 'get_cart', arguments: {} })).json()) as {
        content: string;
      };
    const before = (await cart()).content;

    // Chat: the planner acts on "check out my cart" only because it names the action, and asks first.
    const { id } = (await (await post('/conversations', {})).json()) as { id: string };
    const asked = (await (
      await post(`/conversations/${id}/chat`, { content: 'check out my cart' })
    ).json()) as {
      stop_reason: string;
      pending: Array<{ call_id: string; tool: string }>;
    };
    expect(asked).toMatchObject({ stop_reason: 'awaiting_approval', pending: [{ tool: 'checkout' }] });
    const denied = await post(`/conversations/${id}/approvals`, {
      call_id: asked.pending[0]?.call_id,
      decision: 'deny',
    });
    expect(((await denied.json()) as { stop_reason: string }).stop_reason).toBe('end_turn');
    // "empty my cart" names no action: nothing is called that changes anything.
    const empty = (await (await post(`/conversations/${id}/chat`, { content: 'empty my cart' })).json()) as {
      stop_reason: string;
      assistant_message: { content: string };
    };
    expect(empty.stop_reason).toBe('end_turn');
    expect(empty.assistant_message.content).toContain('I did not act on "empty my cart"');

    // The Tools tab: a plain direct call of checkout is refused until someone approves it.
    const direct = await post(`/servers/${shop}/tools/call`, { name: 'checkout', arguments: {} });
    expect(direct.status).toBe(409);
    expect(((await direct.json()) as { error: { code: string } }).error.code).toBe('approval_required');

    // /mcp: a client that cannot be asked gets the call refused, saying it needs approval.
    const client = new Client({ name: 'first-run', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', url), {
        requestInit: { headers: withToken() },
      }),
    );
    const viaMcp = await client.callTool({ name: 'shop_checkout', arguments: {} });
    await client.close();
    expect(viaMcp.isError).toBe(true);
    expect(JSON.stringify(viaMcp.content)).toContain("needs the user's approval");
    expect((await cart()).content).toBe(before);
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
