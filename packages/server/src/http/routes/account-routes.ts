import type { ApprovalPolicy } from '@switchboard/core';
import { Hono } from 'hono';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { usageTotals } from '../../store/usage-store.ts';
import { requireAdmin } from '../authenticate.ts';
import { readBody } from '../read-body.ts';
import { PolicyUpdateSchema } from '../schemas.ts';

/** The caller, the deployment's approval policy, usage. */
export function accountRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.get('/me', (c) => c.json(c.get('user')));

  app.get('/policy', async (c) => c.json((await services.settings.approvalPolicy()) ?? {}));

  app.put('/policy', async (c) => {
    requireAdmin(c.get('user'), "change the deployment's approval policy");
    const policy = await readBody<ApprovalPolicy>(c, PolicyUpdateSchema, services);
    await services.settings.setApprovalPolicy(policy);
    return c.json(policy);
  });

  app.get('/usage', async (c) => {
    return c.json(await usageTotals(services.db, c.get('user').id));
  });

  return app;
}
