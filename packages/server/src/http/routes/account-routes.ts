import type { ApprovalPolicy, ToolAnnotations } from '@switchboard/core';
import { Hono } from 'hono';
import { approvalOf } from '../../calls/call-gate.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { PolicyPreviewSchema } from '../admin-schemas.ts';
import { requireAdmin } from '../authenticate.ts';
import { readBody } from '../read-body.ts';
import { PolicyUpdateSchema } from '../schemas.ts';

/** The caller, the deployment's approval policy and its preview (what a tool would get). */
export function accountRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  // An open gateway's caller is its local administrator: `open_access` says so (users and keys made
  // meanwhile take effect once the gateway runs with users).
  app.get('/me', (c) => c.json({ ...c.get('user'), ...(services.openAccess ? { open_access: true } : {}) }));

  app.get('/policy', async (c) => c.json((await services.settings.approvalPolicy()) ?? {}));

  app.put('/policy', async (c) => {
    requireAdmin(c.get('user'), "change the deployment's approval policy");
    const policy = await readBody<ApprovalPolicy>(c, PolicyUpdateSchema, services);
    await services.settings.setApprovalPolicy(policy);
    return c.json(policy);
  });

  app.post('/policy/preview', async (c) => {
    requireAdmin(c.get('user'), 'preview the approval policy');
    const input = await readBody<{
      server: string;
      tool: string;
      annotations?: ToolAnnotations;
      policy?: ApprovalPolicy;
    }>(c, PolicyPreviewSchema, services);
    const policy = input.policy ?? (await services.settings.approvalPolicy());
    return c.json(approvalOf(policy, input.server, { name: input.tool, annotations: input.annotations }));
  });

  return app;
}
