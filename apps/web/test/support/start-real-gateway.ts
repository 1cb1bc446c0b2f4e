import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshPgliteDataDir } from '../../../../packages/server/test/support/pglite-template.ts';
import { builtWebAppDir } from './built-web-app.ts';

const CLI = fileURLToPath(new URL('../../../../packages/server/src/cli.ts', import.meta.url));
/** Settings of this machine that would change what the gateway runs (a model key, a database…). */
const MACHINE_SETTINGS = [
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'SWITCHBOARD_MODEL',
  'PORT',
  'HOST',
  'DATABASE_URL',
  'REDIS_URL',
];

/** The real gateway (`switchboard serve`) serving the web app built for this run. */
export interface RealGateway {
  /** The gateway's URL (`http://127.0.0.1:PORT`). */
  url: string;
  /** The link its banner prints, to open the app with (it carries the gateway's local token). */
  appUrl: string;
  /** What `serve` printed on stderr (its banner). */
  output: string;
  close(): Promise<void>;
}

/**
 * Runs `node packages/server/src/cli.ts serve --port 0 --data-dir <tmp>` on the web app built for this
 * run, as `npm start` does, with
 * no model key (the offline planner) and `config` as its configuration file; resolves once the
 * gateway has printed its banner.
 */
export async function startRealGateway(config: Record<string, unknown> = {}): Promise<RealGateway> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-gateway-'));
  const webDir = builtWebAppDir();
  await writeFile(join(dir, 'config.json'), JSON.stringify({ ...config, webDir }));
  // The database a first start would create, made as tests make theirs (see freshPgliteDataDir).
  await freshPgliteDataDir({ target: join(dir, 'data', 'db') });
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const name of MACHINE_SETTINGS) delete env[name];
  const child: ChildProcess = spawn(
    process.execPath,
    [CLI, 'serve', '--config', join(dir, 'config.json'), '--port', '0', '--data-dir', join(dir, 'data')],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = once(child, 'exit');
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`the gateway did not start in 90 s (a loaded machine starts it slowly):\n${output}`),
          ),
        90_000,
      );
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Stop with Ctrl+C')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the gateway exited (${code}) before listening:\n${output}`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const url = /listening on (http:\/\/\S+)/.exec(output)?.[1] as string;
  return {
    url,
    appUrl: /Open (http:\/\/\S+\?token=\S+) in your browser/.exec(output)?.[1] as string,
    output,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
