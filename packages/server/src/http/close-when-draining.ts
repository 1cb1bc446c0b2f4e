import type { MiddlewareHandler } from 'hono';
import type { Readiness } from './readiness.ts';

/**
 * While the gateway drains, every response says `Connection: close`, so a connection ends with the
 * response in flight on it (a turn's answer, finished during the drain) instead of idling on
 * keep-alive until the gateway cuts it.
 */
export function closeWhenDraining(readiness: Readiness): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (readiness.draining) c.header('connection', 'close');
  };
}
