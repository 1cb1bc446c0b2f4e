import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

const CONFIG_FILE = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the web app built for this run (see {@link builtWebAppDir}). */
    builtWebApp: string;
  }
}

let built: Promise<string> | undefined;
let projects = 0;

/**
 * The Chromium projects' global setup: builds apps/web once for the whole run, as
 * `npm run build -w apps/web` does but into a temporary folder, instead of once per test file, and
 * removes it when the last project using it ends. Nothing writes into that folder afterwards, so
 * every file serves it.
 */
export default async function buildWebAppOnce(project: TestProject): Promise<() => Promise<void>> {
  built ??= buildWebApp();
  const dir = built;
  projects += 1;
  project.provide('builtWebApp', await dir);
  return async () => {
    projects -= 1;
    if (projects === 0) await rm(await dir, { recursive: true, force: true });
  };
}

async function buildWebApp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-web-build-'));
  await build({ configFile: CONFIG_FILE, logLevel: 'error', build: { outDir: dir, emptyOutDir: true } });
  return dir;
}

/** The folder of the web app built once for this run by the Chromium project's global setup. */
export function builtWebAppDir(): string {
  return inject('builtWebApp');
}
