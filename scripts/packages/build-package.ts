/**
 * `npm run build` in a published package (core, providers, autoui, ui, servers): compiles its
 * TypeScript sources to ESM JavaScript with declarations in `dist/` (Svelte components through
 * svelte-package), copies the files its code reads at run time (recipes, fixtures, styles), and
 * writes `dist/package.json` (see publishManifest), README.md and LICENSE: `dist/` is the package
 * people install (`npm pack dist`, `npm publish dist`). The workspace itself never uses `dist/`:
 * Node runs the sources.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { publishManifest, type WorkspaceManifest } from './publish-manifest.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules/.bin');
/** Files under src/ that are the package's own tests, never published. */
const TEST_FILE = /\.test(-helper)?\.(ts|js)$|\.test\.svelte\.(ts|js)$/;

/** Builds the package in `directory` (default: the current one). */
export function buildPackage(directory = process.cwd()): void {
  const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as WorkspaceManifest;
  const dist = join(directory, 'dist');
  rmSync(dist, { recursive: true, force: true });
  const svelte = manifest.peerDependencies?.svelte !== undefined;
  const tsconfig = join(directory, 'tsconfig.build.json');
  if (svelte) {
    execFileSync(
      join(BIN, 'svelte-package'),
      ['--input', 'src', '--output', 'dist', '--tsconfig', tsconfig],
      {
        cwd: directory,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    rmSync(join(directory, '.svelte-kit'), { recursive: true, force: true }); // svelte-package's scratch folder
  } else {
    // Type checking is `npm run typecheck`'s; the build only emits.
    execFileSync(join(BIN, 'tsc'), ['-p', tsconfig, '--noCheck'], { cwd: directory, stdio: 'inherit' });
    copyAssets(join(directory, 'src'), dist);
  }
  for (const file of walk(dist)) {
    if (TEST_FILE.test(file)) rmSync(file);
    else if (file.endsWith('.d.ts')) writeFileSync(file, withJsSpecifiers(readFileSync(file, 'utf8')));
  }
  const readme = join(directory, 'README.md');
  cpSync(existsSync(readme) ? readme : join(ROOT, 'README.md'), join(dist, 'README.md'));
  cpSync(join(ROOT, 'LICENSE'), join(dist, 'LICENSE'));
  const files = readdirSync(dist).filter((name) => !['package.json', 'README.md', 'LICENSE'].includes(name));
  const published = publishManifest(manifest, workspaceVersions(), files.sort());
  writeFileSync(join(dist, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
}

/** Every workspace package's version, for pinning the ones a package depends on. */
function workspaceVersions(): Map<string, string> {
  const versions = new Map<string, string>();
  for (const folder of ['packages', 'apps'])
    for (const name of readdirSync(join(ROOT, folder))) {
      const path = join(ROOT, folder, name, 'package.json');
      if (!existsSync(path)) continue;
      const { name: packageName, version } = JSON.parse(readFileSync(path, 'utf8'));
      versions.set(packageName, version);
    }
  return versions;
}

/** Copies what is not TypeScript (recipes, fixtures, styles) from src to dist, tests left out. */
function copyAssets(source: string, dist: string): void {
  for (const file of walk(source)) {
    if (file.endsWith('.ts') || TEST_FILE.test(file)) continue;
    cpSync(file, join(dist, relative(source, file)));
  }
}

/** Relative `.ts` specifiers in a declaration file, as `.js` (what the built files are). */
function withJsSpecifiers(declarations: string): string {
  return declarations.replace(/((?:from|import)\s*\(?\s*['"]\.{1,2}\/[^'"]*?)\.ts(['"])/g, '$1.js$2');
}

/** Every file under a folder. */
function walk(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

if (import.meta.main) buildPackage();
