import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { builtWebAppDir } from './built-web-app.ts';

/** The built web app served on a loopback port. */
export interface ServedApp {
  /** The app's URL on `localhost`; `127.0.0.1` on the same port is another origin. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the web app built for this run (see built-web-app.ts) with vite preview on a free port. */
export async function serveBuiltApp(): Promise<ServedApp> {
  const server = await preview({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    logLevel: 'error',
    build: { outDir: builtWebAppDir() },
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
