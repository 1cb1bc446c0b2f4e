import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** Where the components live: this package's and the web app's. */
const FOLDERS = ['packages/ui/src', 'apps/web/src'];

function svelteFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.svelte'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The text of each `{#each …}` opening tag in a component, its braces balanced. */
function eachTags(source: string): string[] {
  const tags: string[] = [];
  for (let start = source.indexOf('{#each'); start !== -1; start = source.indexOf('{#each', start + 1)) {
    let depth = 0;
    let end = start;
    for (; end < source.length; end++) {
      if (source[end] === '{') depth++;
      else if (source[end] === '}' && --depth === 0) break;
    }
    tags.push(source.slice(start, end + 1));
  }
  return tags;
}

/**
 * Why an `{#each}` tag's key is not a {@link Keyed} entry's key (undefined when it is): the tag must
 * destructure `{ key }` (or `{ key: name }`) from its items — which only list-keys' functions make —
 * and key the block by it, never by its index or the item itself.
 */
function keyProblem(tag: string): string | undefined {
  const key = /\((\w+)\)\s*\}$/.exec(tag)?.[1];
  if (!key) return 'no key';
  const pattern = /\sas\s+\{([^}]*)\}/.exec(tag)?.[1] ?? '';
  const bound = pattern
    .split(',')
    .map((part) => part.trim())
    .find((part) => part === 'key' || part.startsWith('key:'));
  if (!bound) return 'items are not keyed entries ({ key, item })';
  const name = bound === 'key' ? 'key' : bound.slice('key:'.length).trim();
  return name === key ? undefined : `keyed by ${key}, not by the entry's key ${name}`;
}

describe('every {#each} of the components', () => {
  const tags = FOLDERS.flatMap((folder) =>
    svelteFiles(join(ROOT, folder)).flatMap((file) =>
      eachTags(readFileSync(file, 'utf8')).map((tag) => ({ file: relative(ROOT, file), tag })),
    ),
  );

  it('is keyed by the key list-keys gave its entry: never a position or a value that can repeat', () => {
    expect(tags.length).toBeGreaterThan(40);
    const problems = tags.flatMap(({ file, tag }) => {
      const problem = keyProblem(tag);
      return problem ? [`${file}: ${tag} — ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('would catch a block keyed by its index or by its item', () => {
    expect(keyProblem('{#each rows as row, index (index)}')).toBe(
      'items are not keyed entries ({ key, item })',
    );
    expect(keyProblem('{#each contentKeys(rows) as { key, item }, index (index)}')).toBe(
      "keyed by index, not by the entry's key key",
    );
    expect(keyProblem('{#each questions as question}')).toBe('no key');
    expect(keyProblem('{#each idKeys(blocks) as { key: blockKey, item: block } (blockKey)}')).toBeUndefined();
  });
});
