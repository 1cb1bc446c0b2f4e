import { Hono } from 'hono';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { readAuditTrail } from '../../store/audit-query.ts';
import type { CallPath, EndpointCallStatus } from '../../store/endpoint-call-record.ts';
import { AuditQuerySchema } from '../admin-schemas.ts';
import { requireAdmin } from '../authenticate.ts';
import { readQuery, readRange } from '../read-query.ts';

interface AuditQuery {
  user?: string;
  server?: string;
  tool?: string;
  via?: CallPath;
  outcome?: EndpointCallStatus;
  from?: string;
  to?: string;
  before?: string;
  limit?: string;
}

/**
 * `GET /audit` (administrators): the audit trail of every user's tool calls (chat, `/mcp`, direct
 * calls), newest first, paged, filtered by user, server, tool, path, outcome and time.
 */
export function auditRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.get('/audit', async (c) => {
    requireAdmin(c.get('user'), 'read the audit trail');
    const query = readQuery<AuditQuery>(c, AuditQuerySchema, services);
    const range = readRange(query.from, query.to);
    // Rows are written in batches behind the calls: the calls made so far are all in the page.
    await services.endpointAudit.flush();
    const page = await readAuditTrail(services.db, {
      ...(query.user !== undefined ? { userId: query.user } : {}),
      ...(query.server !== undefined ? { server: query.server } : {}),
      ...(query.tool !== undefined ? { tool: query.tool } : {}),
      ...(query.via !== undefined ? { via: query.via } : {}),
      ...(query.outcome !== undefined ? { outcome: query.outcome } : {}),
      ...range,
      ...(query.before !== undefined ? { before: query.before } : {}),
      limit: query.limit === undefined ? 50 : Number(query.limit),
    });
    return c.json(page);
  });

  return app;
}
