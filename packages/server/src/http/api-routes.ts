import type { AnyApiRoute } from './api-route.ts';
import { chatRoutes } from './routes/chat-routes.ts';

/**
 * Every route of the JSON API, in the order the gateway mounts them (the first that matches a
 * request answers it) and the OpenAPI document lists them. A new route is one file in `routes/`
 * and one line here.
 */
export const API_ROUTES: readonly AnyApiRoute[] = [...chatRoutes];
