import { Hono } from 'hono';
import type { GatewayEnv } from '../../services/gateway-services.ts';
import type { Readiness } from '../readiness.ts';

/**
 * `GET /ready`, the readiness probe: 200 `{"status": "ready"}` when this replica should get new
 * requests, else 503 `{"status": "not_ready", "reason", "message"}` (draining after SIGTERM, a
 * migration running, the schema behind this gateway's migrations, or the database not answering).
 * Like `/health` it answers any Host, since probes address a replica by its IP; it says only which
 * of those holds, and costs the database at most one query per second however often it is asked.
 */
export function readinessRoute(readiness: Readiness): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  app.get('/ready', async (c) => {
    c.header('cache-control', 'no-store');
    const answer = await readiness.check();
    if (answer.ready) return c.json({ status: 'ready' });
    return c.json({ status: 'not_ready', reason: answer.reason, message: answer.message }, 503);
  });
  return app;
}
