import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { refuseForeignSources } from '../auth/request-source.ts';
import { mcpEndpointRoutes } from '../mcp-endpoint/mcp-endpoint-routes.ts';
import type { GatewayEnv, GatewayServices } from '../services/gateway-services.ts';
import { ApiError } from './api-error.ts';
import { mountRoutes } from './api-route.ts';
import { API_ROUTES, OAUTH_CALLBACK_ROUTES, SIGN_IN_ROUTES } from './api-routes.ts';
import { authenticate } from './authenticate.ts';
import { closeWhenDraining } from './close-when-draining.ts';
import { localTokenLink } from './local-token-link.ts';
import { logRequests } from './log-requests.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { Readiness } from './readiness.ts';
import { readinessRoute } from './routes/readiness-route.ts';
import { serveWebApp, type WebAppOptions } from './serve-web-app.ts';
import { toApiError } from './to-api-error.ts';

/**
 * The gateway's HTTP application: the JSON API (at `/` and under `/api`), `/health`, `/ready`
 * (readiness, see {@link readinessRoute}), `/openapi.json`, and — when `webDir` holds the built web
 * app — its files on the same port (with
 * its `config.json` and MCP Apps sandbox page, see {@link serveWebApp}).
 * Errors are JSON: `{"success": false, "error": {"code", "message"}}`.
 */
export function createApp(
  services: GatewayServices,
  options: { webDir?: string; webApp?: WebAppOptions; readiness?: Readiness } = {},
): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const openApi = buildOpenApiDocument();

  app.onError((error, c) => {
    const answer = toApiError(error);
    if (answer instanceof ApiError) {
      for (const [name, value] of Object.entries(answer.headers ?? {})) c.header(name, value);
      return c.json(
        { success: false, error: { code: answer.code, message: answer.message, ...answer.details } },
        answer.status,
      );
    }
    services.logger.error({ err: error, method: c.req.method, path: c.req.path }, 'request failed');
    return c.json(
      { success: false, error: { code: 'internal_error', message: 'internal error; the gateway logged it' } },
      500,
    );
  });

  const readiness = options.readiness ?? new Readiness(services.db, { logger: services.logger });
  app.use('*', logRequests(services.logger));
  app.use('*', closeWhenDraining(readiness));
  app.use('*', refuseForeignSources(services));
  if (services.localToken !== undefined) app.use('*', localTokenLink(services.localToken));
  app.get('/health', (c) =>
    c.json({
      status: 'ok',
      instance: services.instanceId,
      database: services.db.kind,
      running_turns: services.runner.running.length,
    }),
  );
  app.route('/', readinessRoute(readiness));
  app.get('/openapi.json', (c) => c.json(openApi));
  // Before the API's authentication: the callback is bound to its user by `state`.
  mountRoutes(app, OAUTH_CALLBACK_ROUTES, services);
  // Before the API's authentication: the web app asks where to sign in before it has a token.
  const signIn = new Hono<GatewayEnv>();
  mountRoutes(signIn, SIGN_IN_ROUTES, services);
  app.route('/', signIn);
  app.route('/api', signIn);
  // The MCP endpoint authenticates itself (401 with its resource metadata, as MCP clients expect).
  app.route('/', mcpEndpointRoutes(services));

  const api = new Hono<GatewayEnv>();
  api.use('*', authenticate(services));
  mountRoutes(api, API_ROUTES, services);

  app.route('/api', api);
  if (options.webDir && existsSync(join(options.webDir, 'index.html')))
    app.use('*', serveWebApp(options.webDir, options.webApp));
  app.route('/', api);
  app.notFound((c) =>
    c.json(
      { success: false, error: { code: 'not_found', message: `no route for ${c.req.method} ${c.req.path}` } },
      404,
    ),
  );
  return app;
}
