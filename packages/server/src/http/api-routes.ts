import type { AnyApiRoute } from './api-route.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { apiKeyRoutes } from './routes/api-key-routes.ts';
import { auditRoutes } from './routes/audit-routes.ts';
import { authorizationRoutes } from './routes/authorization-routes.ts';
import { chatRoutes } from './routes/chat-routes.ts';
import { conversationRoutes } from './routes/conversation-routes.ts';
import { interactionRoutes } from './routes/interaction-routes.ts';
import { messageRoutes } from './routes/message-routes.ts';
import { modelRoutes } from './routes/model-routes.ts';
import { oauthCallbackRoutes } from './routes/oauth-callback-route.ts';
import { registryRoutes } from './routes/registry-routes.ts';
import { serverContentRoutes } from './routes/server-content-routes.ts';
import { serverRoutes } from './routes/server-routes.ts';
import { signInConfigRoutes } from './routes/sign-in-config-route.ts';
import { statelessChatRoutes } from './routes/stateless-chat-routes.ts';
import { toolRoutes } from './routes/tool-routes.ts';
import { usageRoutes } from './routes/usage-routes.ts';
import { userRoutes } from './routes/user-routes.ts';

/**
 * Every route of the JSON API, in the order the gateway mounts them (the first that matches a
 * request answers it) and the OpenAPI document lists them. A new route is one file in `routes/`
 * and one line here.
 */
export const API_ROUTES: readonly AnyApiRoute[] = [
  ...conversationRoutes,
  ...messageRoutes,
  ...toolRoutes,
  ...chatRoutes,
  ...interactionRoutes,
  ...statelessChatRoutes,
  ...modelRoutes,
  ...serverRoutes,
  ...serverContentRoutes,
  ...authorizationRoutes,
  ...registryRoutes,
  ...accountRoutes,
  ...userRoutes,
  ...apiKeyRoutes,
  ...usageRoutes,
  ...auditRoutes,
];

/**
 * The routes the web app calls before it has a credential, mounted before the API's
 * authentication (at `/` and under `/api`).
 */
export const SIGN_IN_ROUTES: readonly AnyApiRoute[] = [...signInConfigRoutes];

/**
 * Where an authorization server sends a person back after connecting a server, and the start link
 * of a flow begun outside a browser: mounted before the API's authentication (at `/` only), bound
 * to their user by `state` and the browser's cookie instead.
 */
export const OAUTH_CALLBACK_ROUTES: readonly AnyApiRoute[] = [...oauthCallbackRoutes];
