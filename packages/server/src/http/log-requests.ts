import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { GatewayEnv } from '../services/gateway-services.ts';

/** Logs each request once it is answered: method, path, status, milliseconds and user (never headers or bodies). */
export function logRequests(logger: Logger): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        user: c.get('user')?.id,
      },
      'request',
    );
  };
}
