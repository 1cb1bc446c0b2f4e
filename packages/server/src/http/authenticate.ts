import type { MiddlewareHandler } from 'hono';
import { LOCAL_USER } from '../auth/local-user.ts';
import type { User } from '../auth/user.ts';
import type { GatewayEnv, GatewayServices } from '../services/gateway-services.ts';
import { ApiError } from './api-error.ts';

/**
 * Resolves the caller from `Authorization: Bearer <key>` or `X-API-Key: <key>`; 401 without a known
 * key. On an open gateway every caller is {@link LOCAL_USER}.
 */
export function authenticate(services: GatewayServices): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    if (services.openAccess) {
      c.set('user', LOCAL_USER);
      return next();
    }
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const key = bearer ?? c.req.header('x-api-key')?.trim();
    if (!key) {
      throw new ApiError(
        401,
        'unauthorized',
        'send your API key as "Authorization: Bearer <key>" or "X-API-Key: <key>"',
        {
          headers: { 'WWW-Authenticate': 'Bearer realm="switchboard"' },
        },
      );
    }
    const user = await services.users.byApiKey(key);
    if (!user) {
      throw new ApiError(401, 'unauthorized', 'unknown API key', {
        headers: { 'WWW-Authenticate': 'Bearer realm="switchboard", error="invalid_token"' },
      });
    }
    c.set('user', user);
    return next();
  };
}

/** Refuses callers who are not administrators (403). */
export function requireAdmin(user: User, what: string): void {
  if (user.role !== 'admin') throw new ApiError(403, 'forbidden', `only an administrator can ${what}`);
}
