import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import type { User } from '../auth/user.ts';
import { type EndpointMode, parseEndpointMode } from '../services/endpoint-mode.ts';
import type { GatewayEnv, GatewayServices } from '../services/gateway-services.ts';
import { ActivatedTools } from './activated-tools.ts';
import { authenticateEndpoint } from './authenticate-endpoint.ts';
import { EndpointCatalogs } from './endpoint-catalogs.ts';
import { endpointRequestState, STATE_TTL_SECONDS } from './endpoint-request-state.ts';
import { EndpointSessions } from './endpoint-sessions.ts';
import { EndpointTasks } from './endpoint-tasks.ts';
import { createGatewayMcpServer, type GatewayMcpServerDeps } from './gateway-mcp-server.ts';
import { ListChangeForwarding } from './list-change-forwarding.ts';
import {
  ListenResourceSubscriptions,
  listenedResources,
  MAX_LISTEN_RESOURCE_SUBSCRIPTIONS,
} from './listen-resource-subscriptions.ts';
import { paramHeaderMismatch } from './mcp-param-headers.ts';
import { ParkedCalls } from './parked-calls.ts';
import { ENDPOINT_PATH, METADATA_PATH, protectedResourceMetadata } from './protected-resource-metadata.ts';
import { readJsonBody } from './read-json-body.ts';
import { ResourceSubscriptions } from './resource-subscriptions.ts';
import { SpentIds } from './spent-ids.ts';
import { ToolApproval } from './tool-approval.ts';
import { UserEventBus } from './user-event-bus.ts';

/** Users whose 2026-protocol activations one replica keeps (per user and mode); the oldest go first. */
const MAX_ACTIVATION_OWNERS = 1_000;

/**
 * The gateway as an MCP server: `/mcp` (Streamable HTTP, official SDK) and its protected-resource
 * metadata. Each request is authenticated with the user's API key (401 with the metadata's URL
 * otherwise). 2026-07-28 traffic is served statelessly, one server instance per request; 2025-era
 * traffic (`initialize`, protocol 2025-03-26 to 2025-11-25) gets sessions, which tool activation,
 * `notifications/tools/list_changed` and requests to the client need. `?mode=discovery|aggregate`
 * picks the presentation (default: by the number of servers, see `resolveEndpointMode`).
 */
export function mcpEndpointRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const requestState = endpointRequestState(services.requestStateKey);
  const catalogs = new EndpointCatalogs(services.registry, services.catalogs);
  const deps: GatewayMcpServerDeps = {
    calls: services.calls,
    catalogs,
    tasks: new EndpointTasks({
      db: services.db,
      bus: services.bus,
      calls: services.calls,
      catalogs,
      onError: (error, taskId) =>
        services.logger.error({ err: error, taskId }, '/mcp task could not be stored'),
    }),
    subscriptions: new ResourceSubscriptions(),
    approval: new ToolApproval(requestState),
    requestState,
    parked: new ParkedCalls(),
    answered: new SpentIds(STATE_TTL_SECONDS * 1000),
    ...(services.mcpMode ? { defaultMode: services.mcpMode } : {}),
  };
  const sessions = new EndpointSessions();
  const bus = new UserEventBus();
  const listChanges = new ListChangeForwarding(services.registry, deps.catalogs, bus);
  const listenSubscriptions = new ListenResourceSubscriptions(
    deps.catalogs,
    deps.subscriptions,
    services.logger,
  );
  const activations = new Map<string, ActivatedTools>();
  const activationsOf = (user: User, mode: EndpointMode | undefined) => {
    const key = `${user.id}\u0000${mode ?? 'auto'}`;
    let activated = activations.get(key);
    if (activated) activations.delete(key);
    else activated = new ActivatedTools();
    activations.set(key, activated);
    if (activations.size > MAX_ACTIVATION_OWNERS)
      activations.delete(activations.keys().next().value as string);
    return activated;
  };
  const modern = createMcpHandler(
    ({ authInfo, requestInfo }) => {
      const user = authInfo?.extra?.user as User;
      const requestedMode = requestInfo ? modeOf(requestInfo) : undefined;
      return createGatewayMcpServer(deps, {
        user,
        servesTasks: true,
        requestedMode: requestedMode instanceof Error ? undefined : requestedMode,
        activated: activationsOf(user, requestedMode instanceof Error ? undefined : requestedMode),
        announceToolsChanged: () =>
          bus.publishTo((listener) => listener.id === user.id, { kind: 'tools_list_changed' }),
      });
    },
    {
      legacy: 'reject',
      bus,
      onerror: (error) => services.logger.debug({ err: error }, '/mcp request refused'),
    },
  );

  const app = new Hono<GatewayEnv>();
  app.get(METADATA_PATH, (c) => c.json(protectedResourceMetadata(c.req.raw, services)));
  app.all(ENDPOINT_PATH, async (c) => {
    const request = c.req.raw;
    const caller = await authenticateEndpoint(services, request);
    if (caller instanceof Response) return caller;
    const { user, authInfo } = caller;
    const requestedMode = modeOf(request);
    if (requestedMode instanceof Error) {
      return c.json(
        { jsonrpc: '2.0', id: null, error: { code: -32602, message: requestedMode.message } },
        400,
      );
    }
    const read = await readJsonBody(request);
    if (read instanceof Response) return read;
    if (!(await isLegacyRequest(read.request, read.parsedBody))) {
      // The user's streams in this mode hear a server's tool changes as their activations say, and a
      // listen stream the updates of the resources it names.
      const activations = activationsOf(user, requestedMode);
      const resources = listenedResources(read.parsedBody);
      if (resources.length > MAX_LISTEN_RESOURCE_SUBSCRIPTIONS)
        return tooManyResources(read.parsedBody, resources);
      const mismatch = await paramHeadersOf(deps.catalogs, user, read.parsedBody, request.headers);
      if (mismatch) return mismatch;
      return bus.serve(
        user,
        () => modern.fetch(read.request, { authInfo, parsedBody: read.parsedBody }),
        (serverName) => activations.showsToolsOf(serverName),
        resources.length > 0 ? (listener) => listenSubscriptions.open(user, resources, listener) : undefined,
      );
    }
    return sessions.handle(read, user.id, authInfo, () =>
      createGatewayMcpServer(deps, {
        user,
        requestedMode,
        activated: new ActivatedTools(),
        announceToolsChanged: (server) => void server.sendToolListChanged().catch(() => undefined),
        watchLists: (session) => listChanges.attach(session),
      }),
    );
  });
  return app;
}

/**
 * The answer to a listen request naming more resources than a stream may hold: an error (invalid
 * params) saying how many it may name, before any server is asked about them.
 */
function tooManyResources(body: unknown, resources: readonly string[]): Response {
  const id = (body as { id?: unknown }).id;
  return Response.json(
    {
      jsonrpc: '2.0',
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
      error: {
        code: -32602,
        message: `Invalid params: the filter's resourceSubscriptions name ${resources.length} resources; a listen stream subscribes to at most ${MAX_LISTEN_RESOURCE_SUBSCRIPTIONS} (open another stream for the rest)`,
      },
    },
    { status: 400 },
  );
}

/**
 * The 400 answer to a `tools/call` of one of the user's tools whose `Mcp-Param-*` headers disagree
 * with its arguments (see {@link paramHeaderMismatch}); undefined for any other request.
 */
async function paramHeadersOf(
  catalogs: EndpointCatalogs,
  user: User,
  body: unknown,
  headers: Headers,
): Promise<Response | undefined> {
  const message = body as {
    id?: unknown;
    method?: unknown;
    params?: { name?: unknown; arguments?: unknown };
  };
  if (message === null || typeof message !== 'object' || message.method !== 'tools/call') return undefined;
  const name = message.params?.name;
  if (typeof name !== 'string') return undefined;
  const tool = (await catalogs.get(user)).catalog.tools.get(name);
  const error = tool && paramHeaderMismatch(tool.tool.inputSchema, message.params?.arguments, headers);
  if (!error) return undefined;
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  return Response.json({ jsonrpc: '2.0', id, error }, { status: 400 });
}

function modeOf(request: Request): EndpointMode | undefined | Error {
  return parseEndpointMode(new URL(request.url).searchParams.get('mode') ?? undefined);
}
