import { Hono } from 'hono';
import { RegistryUnavailableError } from '../../registry/registry-client.ts';
import type { RegistryServer } from '../../registry/registry-entry.ts';
import { InstallError, installOptions, installRegistration } from '../../registry/registry-install.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { ApiError } from '../api-error.ts';
import { readBody } from '../read-body.ts';
import { RegistryAddSchema } from '../registry-schemas.ts';
import { registerServer } from './register-server.ts';

/** What `POST /registry/servers/add` takes. */
interface RegistryAdd {
  name: string;
  version: string;
  option: 'remote' | 'package';
  index: number;
  values?: Record<string, string>;
  server_name?: string;
}

/** The longest search and cursor a caller may send on to the registry. */
const MAX_QUERY = 200;

/**
 * The operator's MCP Registry, proxied: the browser never calls it. `GET /registry/servers` lists a
 * page (searched, with a cursor), each server with the ways the caller may add it and the values
 * each asks for; `POST /registry/servers/add` reads the chosen version from the registry again,
 * fills it with the person's values and registers it as `POST /servers` would (a remote's URL
 * through the SSRF guard for users; a package's command for administrators where commands are
 * allowed), its secrets sealed.
 */
export function registryRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const registryOf = () => {
    if (!services.mcpRegistry)
      throw new ApiError(
        404,
        'registry_disabled',
        'this gateway does not browse an MCP registry (the operator turned "registry" off)',
      );
    return services.mcpRegistry;
  };
  const unavailable = (error: unknown) => {
    if (error instanceof RegistryUnavailableError)
      return new ApiError(502, 'registry_unavailable', `the MCP registry cannot be read: ${error.message}`);
    return error;
  };

  app.get('/servers', async (c) => {
    const user = c.get('user');
    const registry = registryOf();
    const search = queryParam(c.req.queries('search'), 'search');
    const cursor = queryParam(c.req.queries('cursor'), 'cursor');
    const page = await registry.list({ search, cursor }).catch((error) => {
      throw unavailable(error);
    });
    const caller = { admin: user.role === 'admin', allowCommandServers: services.allowCommandServers };
    return c.json({
      items: page.servers.map((server) => ({ ...describe(server), options: installOptions(server, caller) })),
      skipped: page.skipped,
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    });
  });

  app.post('/servers/add', async (c) => {
    const user = c.get('user');
    const input = await readBody<RegistryAdd>(c, RegistryAddSchema, services);
    const registry = registryOf();
    const server = await registry.get(input.name, input.version).catch((error) => {
      throw unavailable(error);
    });
    if (!server)
      throw new ApiError(
        404,
        'registry_server_not_found',
        `the registry has no version ${JSON.stringify(input.version)} of ${JSON.stringify(input.name)}`,
      );
    const caller = { admin: user.role === 'admin', allowCommandServers: services.allowCommandServers };
    const option = installOptions(server, caller).find(
      (candidate) => candidate.kind === input.option && candidate.index === input.index,
    );
    if (!option)
      throw new ApiError(400, 'invalid_request', `"${server.name}" has no ${input.option} ${input.index}`);
    if (!option.addable) throw new ApiError(403, 'forbidden', option.reason ?? 'not allowed');
    let registration: ReturnType<typeof installRegistration>;
    try {
      registration = installRegistration(server, option, input.values ?? {});
    } catch (error) {
      if (error instanceof InstallError)
        throw new ApiError(400, 'invalid_request', error.message, { details: { missing: error.missing } });
      throw error;
    }
    const name = input.server_name ?? serverNameOf(server);
    const row = await registerServer(services, user, {
      name,
      ...(server.description ? { description: server.description.slice(0, 2000) } : {}),
      ...registration,
    });
    return c.json(await services.registry.view(user, row), 201);
  });

  return app;
}

/** A query parameter given at most once and not too long; a 400 otherwise. */
function queryParam(values: string[] | undefined, name: string): string | undefined {
  if (!values || values.length === 0) return undefined;
  const [value] = values;
  if (values.length > 1 || value === undefined || value.length > MAX_QUERY)
    throw new ApiError(400, 'invalid_request', `give "${name}" once, at most ${MAX_QUERY} characters`);
  return value === '' ? undefined : value;
}

/** A registry server as the API lists it. */
function describe(server: RegistryServer) {
  return {
    name: server.name,
    ...(server.title ? { title: server.title } : {}),
    description: server.description,
    version: server.version,
    ...(server.websiteUrl ? { website_url: server.websiteUrl } : {}),
    ...(server.repositoryUrl ? { repository_url: server.repositoryUrl } : {}),
  };
}

/** The name a registry server is registered under by default: its name's last part, as names may be written. */
function serverNameOf(server: RegistryServer): string {
  const last = server.name.slice(server.name.lastIndexOf('/') + 1);
  let name = '';
  for (const character of last) {
    const fits = /[a-zA-Z0-9_-]/.test(character);
    name += fits ? character : '-';
  }
  name = name.replace(/^[-_]+/, '').slice(0, 48);
  return name || 'registry-server';
}
