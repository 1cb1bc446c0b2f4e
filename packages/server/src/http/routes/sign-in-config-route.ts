import { Hono } from 'hono';
import { webSignInConfig } from '../../auth/web-sign-in.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';

/**
 * `GET /auth/sign-in-config`: where the web app sends a person to sign in (the issuer, the web
 * app's public client id, the scopes, and the API's resource: `publicUrl`, else the origin the
 * request reached, as the token verifier has it). Unauthenticated: the app asks before it has a
 * credential. 204 (nothing) when the gateway has no `mcpAuthorization.webSignIn`: an answer, not an
 * error, so the app's every page load does not log a failed request.
 */
export function signInConfigRoute(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  app.get('/auth/sign-in-config', (c) => {
    const { accessTokens, webSignIn } = services;
    c.header('cache-control', 'no-store');
    if (!accessTokens || !webSignIn) return c.body(null, 204);
    const resource = accessTokens.apiResource ?? new URL(c.req.url).origin;
    return c.json(webSignInConfig(accessTokens.issuer, accessTokens.scopes, webSignIn, resource));
  });
  return app;
}
