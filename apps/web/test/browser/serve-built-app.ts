import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const CONFIG_FILE = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

/** The built web app served on a loopback port. */
export interface ServedApp {
  /** The app's URL on `localhost`; `127.0.0.1` on the same port is another origin. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Builds apps/web (as `npm run build -w apps/web` does) and serves `dist/` with vite preview on a free
 * port; `outDir` builds into and serves another folder instead (so concurrent test files need not share `dist/`).
 */
export async function serveBuiltApp(outDir?: string): Promise<ServedApp> {
  const folder = outDir ? { outDir, emptyOutDir: true } : {};
  await build({ configFile: CONFIG_FILE, logLevel: 'error', build: folder });
  const server = await preview({
    configFile: CONFIG_FILE,
    logLevel: 'error',
    build: folder,
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  const address = server.httpServer.address();
  if (typeof address !== 'object' || address === null)
    throw new Error('vite preview did not listen on a port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    port: address.port,
    close: () => server.close(),
  };
}
