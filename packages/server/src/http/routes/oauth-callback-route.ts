import { html } from 'hono/html';
import { AuthorizationFlowError } from '../../upstream/server-authorizations.ts';
import { type AnyApiRoute, apiRoute } from '../api-route.ts';
import { browserBinding, readBrowserBinding } from '../browser-binding.ts';

/**
 * `GET /oauth/callback`: where authorization servers send the person back. Unauthenticated — the
 * `state` parameter names the user and server the flow was started for, once, and the browser's
 * binding cookie must be the one the flow was started with (else nothing is stored). Answers a small
 * page ("connected, you can close this window"; never a token) or redirects to the `return_to` path
 * the authorize call gave. `GET /oauth/start/{key}`: the one-use start link of a flow a non-browser
 * client started, which binds the browser opening it and sends it on to the authorization page.
 */
export const oauthCallbackRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/oauth/callback',
    summary:
      'Where the authorization server sends the person back (no API key: bound by `state` and the browser cookie)',
    security: [],
    parameters: ['code', 'state', 'iss', 'error', 'error_description'].map((name) => ({
      name,
      in: 'query',
      required: name === 'state',
      schema: { type: 'string' },
    })),
    responses: {
      '200': { description: 'A page saying the server is connected', content: { 'text/html': {} } },
      '303': { description: 'Back to the `return_to` path the authorize call gave' },
      '400': {
        description: 'A page saying why not (unknown or used state, another browser, refused)',
        content: { 'text/html': {} },
      },
    },
    async handle(c, { services }) {
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
    },
  }),
  apiRoute({
    method: 'get',
    path: '/oauth/start/{key}',
    summary:
      'The one-use link of a flow started with `bind: link`: binds the browser opening it (no API key)',
    security: [],
    parameters: [{ name: 'key', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      '303': { description: 'On to the authorization page, with the binding cookie set' },
      '400': {
        description: 'A page saying the link is unknown, expired or already opened',
        content: { 'text/html': {} },
      },
    },
    async handle(c, { services }) {
      c.header('cache-control', 'no-store');
      c.header('referrer-policy', 'no-referrer');
      try {
        const page = await services.authorizations.bindBrowser(
          c.req.param('key') as string,
          browserBinding(c),
        );
        return c.redirect(page.href, 303);
      } catch (error) {
        if (!(error instanceof AuthorizationFlowError)) throw error;
        return c.html(page('Not connected', error.message), 400);
      }
    },
  }),
];

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
