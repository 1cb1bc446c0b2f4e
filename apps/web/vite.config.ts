import { svelte } from '@sveltejs/vite-plugin-svelte';
import { sandboxProxyCsp } from '@switchboard/autoui/mcp-app-csp';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vite';

/** The MCP Apps sandbox proxy page: only a loopback page may frame it when vite serves it. */
const SANDBOX_PAGE = /\/mcp-app-sandbox\.html(\?|$)/;
const LOOPBACK_HOSTS = ['http://localhost:*', 'http://127.0.0.1:*'];

/** Sends `frame-ancestors` with the sandbox proxy page in `vite dev` and `vite preview`. */
function sandboxHeaders(): Plugin {
  const middleware: Connect.NextHandleFunction = (request, response, next) => {
    if (SANDBOX_PAGE.test(request.url ?? ''))
      response.setHeader('Content-Security-Policy', sandboxProxyCsp(LOOPBACK_HOSTS));
    next();
  };
  return {
    name: 'switchboard-sandbox-headers',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

/**
 * The web app: Svelte 5, built to `dist/` for the gateway to serve (relative asset paths, any mount
 * point). Three pages: the app (`index.html`), the MCP Apps sandbox proxy (`mcp-app-sandbox.html`),
 * which must be served from another origin than the app, and standalone mode's OAuth callback
 * (`oauth-callback.html`), which hands the authorization code back to the app.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [svelte(), sandboxHeaders()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        main: `${import.meta.dirname}/index.html`,
        sandbox: `${import.meta.dirname}/mcp-app-sandbox.html`,
        oauthCallback: `${import.meta.dirname}/oauth-callback.html`,
      },
    },
  },
  preview: { host: '127.0.0.1' },
});
