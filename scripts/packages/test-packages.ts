/**
 * `npm run test:packages`: the packages as people install them. Builds each published package
 * (core, autoui, servers, providers, ui), checks its API report, packs it (`npm pack`), installs the
 * tarballs into fresh projects outside the workspace (their other dependencies from the npm
 * registry) and runs them: a Node script (the seeds' API over two layers, runAgentLoop with a
 * scripted model against a WebMCP server) and a Vite + Svelte app rendering a widget of the catalog
 * in Chromium, with `tsc --noEmit` (strict) on both; the API reports and the two consumers run side
 * by side. Prints each package's packed and installed size and the time of each step.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

const execFileAsync = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const PACKAGES = ['core', 'autoui', 'servers', 'providers', 'ui'] as const;
const CHROMIUM = '/usr/bin/chromium';
const NPM_INSTALL = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];

let passed = 0;
let failed = 0;

/** Runs one check, printing PASS or FAIL (with what went wrong) and the seconds it took. */
async function check(name: string, body: () => Promise<void>): Promise<void> {
  const started = performance.now();
  const took = () => `(${((performance.now() - started) / 1000).toFixed(1)} s)`;
  try {
    await body();
    passed++;
    console.log(`PASS ${name} ${took()}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name} ${took()}: ${(error as Error).message}`);
  }
}

/** Runs a command in `cwd`; throws with its output when it fails. */
async function run(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failure = error as Error & { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(' ')}:\n${failure.stdout ?? ''}${failure.stderr ?? failure.message}`,
    );
  }
}

/** Bytes under a folder (files as stored, symlinks not followed). */
function folderBytes(path: string): number {
  return readdirSync(path).reduce((total, name) => {
    const entry = join(path, name);
    const stats = statSync(entry, { throwIfNoEntry: false });
    if (!stats) return total;
    return total + (stats.isDirectory() ? folderBytes(entry) : stats.size);
  }, 0);
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

/** A consumer project: the fixture's files and a package.json installing the given tarballs. */
function consumerProject(
  work: string,
  fixture: string,
  tarballs: Map<string, string>,
  names: string[],
  devDependencies: Record<string, string>,
): string {
  const directory = join(work, fixture);
  cpSync(join(ROOT, 'scripts/packages/consumers', fixture), directory, { recursive: true });
  const dependencies = Object.fromEntries(names.map((name) => [name, `file:${tarballs.get(name)}`]));
  // The tarballs depend on each other by version: take those from the tarballs too, never the registry.
  const overrides = Object.fromEntries(names.map((name) => [name, `$${name}`]));
  writeFileSync(
    join(directory, 'package.json'),
    `${JSON.stringify({ name: `consumer-${fixture}`, private: true, type: 'module', dependencies, devDependencies, overrides }, null, 2)}\n`,
  );
  return directory;
}

/** Serves a built app's files on loopback. */
async function serveFolder(folder: string): Promise<{ url: string; close(): Promise<void> }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((request, response) => {
    const path = join(folder, new URL(request.url ?? '/', 'http://x').pathname);
    const file = existsSync(path) && statSync(path).isFile() ? path : join(folder, 'index.html');
    if (!file.startsWith(folder)) return void response.writeHead(403).end();
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) };
}

/** The API reports against the built packages, in a process of its own (api-extractor blocks while it works). */
async function checkApiReports(): Promise<void> {
  await check(
    'API reports: the surface matches packages/*/api (npm run api:report updates them)',
    async () => {
      await run(process.execPath, [join(ROOT, 'scripts/packages/api-report.ts')], ROOT);
    },
  );
}

/** npm install, tsc and the script of the Node consumer. */
async function runNodeConsumer(node: string): Promise<void> {
  await check('node consumer: npm install of the tarballs', async () => {
    await run('npm', ['install', ...NPM_INSTALL], node);
  });
  await check('node consumer: tsc --noEmit (strict)', async () => {
    await run(join(node, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], node);
  });
  await check('node consumer: runAgentLoop with a scripted model against a WebMCP server', async () => {
    console.log(`  ${(await run(process.execPath, ['consumer.ts'], node)).trim()}`);
  });
}

/** npm install, tsc, vite build and a look in Chromium for the Svelte consumer. */
async function runSvelteConsumer(svelte: string): Promise<void> {
  await check('svelte consumer: npm install of the tarballs', async () => {
    await run('npm', ['install', ...NPM_INSTALL], svelte);
  });
  await check('svelte consumer: tsc --noEmit (strict)', async () => {
    await run(join(svelte, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], svelte);
  });
  await check('svelte consumer: vite build', async () => {
    await run(join(svelte, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], svelte);
  });
  await check('svelte consumer: the catalog widget renders in Chromium', async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} is missing (scripts/ensure-browser.sh installs it)`);
    const site = await serveFolder(join(svelte, 'dist'));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(site.url);
      const widget = page.locator('main[data-rendered="stat"]');
      await widget.waitFor({ timeout: 20_000 });
      const text = ((await widget.textContent()) ?? '').replace(/\s+/g, ' ');
      // The label is shown in capitals (CSS), the number grouped by the page's locale.
      if (!/area/i.test(text) || !/41\D?284/.test(text)) throw new Error(`rendered "${text}"`);
      if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
      console.log(`  rendered: "${text.trim()}"`);
    } finally {
      await browser.close();
      await site.close();
    }
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  const work = await mkdtemp(join(tmpdir(), 'switchboard-packages-'));
  const tarballs = new Map<string, string>();
  try {
    await check('build: every package compiles to dist/', async () => {
      await run('npm', ['run', '-s', 'build:packages'], ROOT);
    });
    await check('pack: npm pack of every package', async () => {
      for (const name of PACKAGES) {
        const [packed] = JSON.parse(
          await run(
            'npm',
            ['pack', '--json', '--pack-destination', work, join(ROOT, 'packages', name, 'dist')],
            ROOT,
          ),
        ) as Array<{
          name: string;
          filename: string;
          size: number;
          unpackedSize: number;
          entryCount: number;
        }>;
        tarballs.set(packed.name, join(work, packed.filename));
        console.log(
          `  ${packed.name}: packed ${kB(packed.size)}, unpacked ${kB(packed.unpackedSize)}, ${packed.entryCount} files`,
        );
      }
    });

    // The API reports and the two consumers run side by side (each step waits on a process of its own).
    const node = consumerProject(
      work,
      'node',
      tarballs,
      ['@switchboard/core', '@switchboard/providers', '@switchboard/servers'],
      { typescript: '5.9', '@types/node': '^24.19.2' },
    );
    const svelte = consumerProject(
      work,
      'svelte',
      tarballs,
      ['@switchboard/core', '@switchboard/autoui', '@switchboard/ui'],
      // @types/node: the MCP SDK's declarations, which ui's reach, name Buffer (tsc checks every library here).
      {
        svelte: '^5.57.3',
        vite: '^8.3.8',
        '@sveltejs/vite-plugin-svelte': '^7.3.1',
        typescript: '5.9',
        '@types/node': '^24.19.2',
      },
    );
    await Promise.all([checkApiReports(), runNodeConsumer(node), runSvelteConsumer(svelte)]);

    console.log('installed sizes (node_modules/@switchboard/*, in the consumers):');
    for (const [name, consumer] of [
      ['@switchboard/core', node],
      ['@switchboard/providers', node],
      ['@switchboard/servers', node],
      ['@switchboard/autoui', svelte],
      ['@switchboard/ui', svelte],
    ] as const) {
      const path = join(consumer, 'node_modules', name);
      if (existsSync(path)) console.log(`  ${name}: ${kB(folderBytes(path))}`);
    }
    for (const [label, consumer] of [
      ['node consumer', node],
      ['svelte consumer', svelte],
    ] as const)
      if (existsSync(join(consumer, 'node_modules')))
        console.log(
          `  ${label}, node_modules with every dependency: ${kB(folderBytes(join(consumer, 'node_modules')))}`,
        );
  } finally {
    await rm(work, { recursive: true, force: true });
    console.log(`time: ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
    console.log(`packages: ${passed} passed, ${failed} failed`);
    if (failed > 0) process.exitCode = 1;
  }
}

await main();
