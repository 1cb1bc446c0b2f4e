/**
 * The import graph of a package by folder: which folder of `src/` imports which, and the circles
 * among them. A folder is a room of the house; a circle means two rooms cannot be understood (or
 * moved) apart. Run `node scripts/house/folder-imports.ts [packages/server]` to print it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** One folder-to-folder arrow and the file-to-file imports behind it. */
export interface FolderImport {
  from: string;
  to: string;
  files: string[];
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    const isSource = /\.(ts|svelte)$/.test(entry.name) && !/\.test\.ts$|\.d\.ts$/.test(entry.name);
    return isSource ? [path] : [];
  });
}

/** The room a file lives in: its first folder under `src/`, or `.` for files at the top. */
function roomOf(sourceRoot: string, file: string): string {
  const parts = relative(sourceRoot, file).split(sep);
  return parts.length > 1 ? parts[0] : '.';
}

/** Every folder-to-folder import of `packageDirectory/src`, test files and `testing/` left out. */
export function folderImports(packageDirectory: string): FolderImport[] {
  const sourceRoot = resolve(packageDirectory, 'src');
  const arrows = new Map<string, FolderImport>();
  for (const file of sourceFiles(sourceRoot)) {
    const from = roomOf(sourceRoot, file);
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const target = resolve(dirname(file), match[1]);
      if (!target.startsWith(sourceRoot + sep)) continue;
      const to = roomOf(sourceRoot, target);
      if (to === from || to === '.') continue;
      const key = `${from} -> ${to}`;
      const arrow = arrows.get(key) ?? { from, to, files: [] };
      arrow.files.push(`${relative(sourceRoot, file)} -> ${relative(sourceRoot, target)}`);
      arrows.set(key, arrow);
    }
  }
  return [...arrows.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** The circles of the folder graph: each strongly connected set of two or more folders. */
export function folderCircles(arrows: FolderImport[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of arrows) next.set(from, [...(next.get(from) ?? []), to]);
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (room: string) => {
    order.set(room, order.size);
    low.set(room, order.get(room) as number);
    stack.push(room);
    for (const target of next.get(room) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(room, Math.min(low.get(room) as number, low.get(target) as number));
      } else if (stack.includes(target)) {
        low.set(room, Math.min(low.get(room) as number, order.get(target) as number));
      }
    }
    if (low.get(room) !== order.get(room)) return;
    const circle: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      circle.push(member);
    } while (member !== room);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const room of next.keys()) if (!order.has(room)) visit(room);
  return circles;
}

if (import.meta.main) {
  const packages =
    process.argv.length > 2
      ? process.argv.slice(2)
      : readdirSync('packages').map((name) => `packages/${name}`);
  for (const packageDirectory of packages) {
    const arrows = folderImports(packageDirectory);
    const circles = folderCircles(arrows);
    console.log(`${packageDirectory}/src: ${arrows.length} folder imports, ${circles.length} circles`);
    for (const circle of circles) {
      console.log(`  circle: ${circle.join(', ')}`);
      for (const arrow of arrows.filter(({ from, to }) => circle.includes(from) && circle.includes(to)))
        console.log(`    ${arrow.from} -> ${arrow.to}: ${arrow.files.join('; ')}`);
    }
  }
}
