import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const CONFIG_FILE = fileURLToPath(new URL('../vite.config.ts', import.meta.url));
/** Chart.js and Leaflet sources in the module ids of a chunk. */
const CHART_JS = /[\\/]node_modules[\\/]chart\.js[\\/]/;
const LEAFLET = /[\\/]node_modules[\\/]leaflet[\\/]/;
/**
 * With Chart.js and Leaflet in it, the main entry chunk was 990 kB and the JavaScript loaded before
 * the page runs (it and its static imports) 1.31 MB; without them, about 640 kB and 960 kB. With
 * standalone mode (the runtime, its validators, the MCP client) loaded on demand and core and
 * autoui tree-shaken (`sideEffects: false`), about 270 kB and 850 kB.
 */
const MAIN_CHUNK_LIMIT = 400_000;
const EAGER_JAVASCRIPT_LIMIT = 1_000_000;

type Chunk = Rolldown.OutputChunk;

/** Builds the web app in memory (nothing is written) and returns its chunks by file name. */
async function buildChunks(): Promise<Map<string, Chunk>> {
  const result = await build({
    configFile: CONFIG_FILE,
    logLevel: 'silent',
    build: { write: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs
    .flatMap((output) => output.output)
    .filter((item): item is Chunk => item.type === 'chunk');
  return new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
}

/** The chunk and every chunk it imports statically, transitively: what the page loads before it runs. */
function staticClosure(chunks: Map<string, Chunk>, entry: Chunk): Chunk[] {
  const seen = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) visit(imported);
    }
  };
  visit(entry);
  return [...seen.values()];
}

const holds = (chunk: Chunk, library: RegExp) => chunk.moduleIds.some((id) => library.test(id));

describe('the main bundle of the web app', () => {
  let chunks: Map<string, Chunk>;
  let main: Chunk;

  beforeAll(async () => {
    chunks = await buildChunks();
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === 'main');
    if (!entry) throw new Error('the build has no "main" entry chunk');
    main = entry;
  }, 120_000);

  it('loads neither Chart.js nor Leaflet (nor its stylesheet) before the page runs', () => {
    const eager = staticClosure(chunks, main);
    expect(eager.filter((chunk) => holds(chunk, CHART_JS)).map((chunk) => chunk.fileName)).toEqual([]);
    expect(eager.filter((chunk) => holds(chunk, LEAFLET)).map((chunk) => chunk.fileName)).toEqual([]);
    const eagerCss = eager.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
    expect(eagerCss.filter((name) => name.includes('leaflet'))).toEqual([]);
  });

  it('has Chart.js and Leaflet in chunks of their own that the page imports on demand', () => {
    const lazy = [...chunks.values()].filter((chunk) => chunk.isDynamicEntry);
    expect(lazy.some((chunk) => holds(chunk, CHART_JS))).toBe(true);
    expect(lazy.some((chunk) => holds(chunk, LEAFLET))).toBe(true);
  });

  it('keeps the main entry chunk and the JavaScript loaded with it below their size limits', () => {
    const size = (chunk: Chunk) => Buffer.byteLength(chunk.code);
    expect(size(main)).toBeLessThan(MAIN_CHUNK_LIMIT);
    const eager = staticClosure(chunks, main).reduce((total, chunk) => total + size(chunk), 0);
    expect(eager).toBeLessThan(EAGER_JAVASCRIPT_LIMIT);
  });
});
