import { Hono } from 'hono';
import { html } from 'hono/html';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { AuthorizationFlowError } from '../../upstream/server-authorizations.ts';
import { browserBinding, readBrowserBinding } from '../browser-binding.ts';

/**
 * `GET /oauth/callback`: where authorization servers send the person back. Unauthenticated — the
 * `state` parameter names the user and server the flow was started for, once, and the browser's
 * binding cookie must be the one the flow was started with (else nothing is stored). Answers a small
 * page ("connected, you can close this window"; never a token) or redirects to the `return_to` path
 * the authorize call gave. `GET /oauth/start/{key}`: the one-use start link of a flow a non-browser
 * client started, which binds the browser opening it and sends it on to the authorization page.
 */
export function oauthCallbackRoute(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  app.get('/oauth/callback', async (c) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    try {
      const { row, returnTo } = await services.authorizations.finish(
        new URL(c.req.url).searchParams,
        readBrowserBinding(c),
      );
      if (returnTo) return c.redirect(returnTo, 303);
      return c.html(page('Connected', `${row.name} is connected. You can close this window.`));
    } catch (error) {
      if (!(error instanceof AuthorizationFlowError)) throw error;
      return c.html(page('Not connected', error.message), error.status === 503 ? 503 : 400);
    }
  });
  app.get('/oauth/start/:key', async (c) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    try {
      const page = await services.authorizations.bindBrowser(c.req.param('key'), browserBinding(c));
      return c.redirect(page.href, 303);
    } catch (error) {
      if (!(error instanceof AuthorizationFlowError)) throw error;
      return c.html(page('Not connected', error.message), 400);
    }
  });
  return app;
}

function page(title: string, message: string) {
  return html`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>${title} · Switchboard</title></head>
  <body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 32rem">
    <h1>${title}</h1>
    <p>${message}</p>
  </body>
</html>`;
}
