import { Hono } from 'hono';
import type { OperatorModel } from '../../chat/model-resolver.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';

/** A model as users see it: what to pick it by and how to show it, never where it is or its key. */
interface ModelView {
  id: string;
  label: string;
  vendor: string;
  default: boolean;
  price?: OperatorModel['price'];
}

/** The operator's models (`GET /models`): the ids a conversation's or a stateless request's `model` may name. */
export function modelRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.get('/', (c) => {
    const { offered, defaultEntry } = services.models;
    const items = offered.map(
      (entry): ModelView => ({
        id: entry.id,
        label: entry.label,
        vendor: entry.vendor,
        default: entry === defaultEntry,
        ...(entry.price ? { price: entry.price } : {}),
      }),
    );
    return c.json({ items });
  });

  return app;
}
