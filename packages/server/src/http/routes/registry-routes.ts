import { RegistryUnavailableError } from '../../registry/registry-client.ts';
import type { RegistryServer as RegistryEntry } from '../../registry/registry-entry.ts';
import { InstallError, installOptions, installRegistration } from '../../registry/registry-install.ts';
import type { GatewayServices } from '../../services/gateway-services.ts';
import { ApiError } from '../api-error.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { errorResponse, json, standardErrors } from '../openapi-parts.ts';
import { Server } from '../schemas.ts';
import { registerServer } from './register-server.ts';

/** The longest search and cursor a caller may send on to the registry. */
const MAX_QUERY = 200;

/** The body of `POST /registry/servers/add`: which registry server, which of its options, the person's values. */
const RegistryAdd = named('RegistryAdd', {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'version', 'option', 'index'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, description: "The registry's name of the server." },
    version: { type: 'string', minLength: 1, maxLength: 100 },
    option: { enum: ['remote', 'package'] },
    index: { type: 'integer', minimum: 0, maximum: 100, description: 'Which of its remotes or packages.' },
    values: {
      type: 'object',
      maxProperties: 100,
      additionalProperties: { type: 'string', maxLength: 4000 },
      description:
        'The values the option asks for, by field key (`url:{var}`, `header:{name}`, `env:{name}`, `arg:{i}`, …); secrets are stored encrypted and never shown back.',
    },
    server_name: {
      type: 'string',
      pattern: '^[a-zA-Z0-9][a-zA-Z0-9_-]{0,47}$',
      description: "The name to register it under (default: the last part of the registry's name).",
    },
  },
});

/** A value a person fills in to add a registry server. */
const InstallFieldSchema = {
  type: 'object',
  required: ['key', 'label', 'required', 'secret'],
  properties: {
    key: { type: 'string' },
    label: { type: 'string' },
    description: { type: 'string' },
    required: { type: 'boolean' },
    secret: { type: 'boolean', description: 'Mask it; it is stored encrypted and never shown back.' },
    default: { type: 'string' },
    choices: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A server of the MCP Registry, with the ways the caller may add it. */
const RegistryServer = named('RegistryServer', {
  type: 'object',
  required: ['name', 'description', 'version', 'options'],
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    version: { type: 'string' },
    website_url: { type: 'string' },
    repository_url: { type: 'string' },
    options: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'index', 'summary', 'fields', 'addable'],
        properties: {
          kind: { enum: ['remote', 'package'] },
          index: { type: 'integer' },
          summary: { type: 'string', description: "The remote's URL, or the package's command line." },
          fields: { type: 'array', items: InstallFieldSchema },
          addable: { type: 'boolean' },
          reason: { type: 'string', description: 'Why the caller cannot add it.' },
        },
      },
    },
  },
});

const disabled = errorResponse('The operator turned the registry off (`registry_disabled`).');
const unavailableResponse = errorResponse(
  'The registry did not answer, or not with its API (`registry_unavailable`).',
);

/**
 * The operator's MCP Registry, proxied: the browser never calls it. `GET /registry/servers` lists a
 * page (searched, with a cursor), each server with the ways the caller may add it and the values
 * each asks for; `POST /registry/servers/add` reads the chosen version from the registry again,
 * fills it with the person's values and registers it as `POST /servers` would (a remote's URL
 * through the SSRF guard for users; a package's command for administrators where commands are
 * allowed), its secrets sealed.
 */
export const registryRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/registry/servers',
    summary: "A page of the operator's MCP Registry (its v0.1 API, read through the gateway)",
    description:
      "Entries are checked against the published server.json format and the gateway's bounds; those that do not fit " +
      'are left out (`skipped` counts them). Each server lists the ways the caller may add it (`options`: its remotes, ' +
      'and its npm, pypi and oci packages as commands) with the values each asks for, and why one is refused.',
    parameters: [
      { name: 'search', in: 'query', required: false, schema: { type: 'string', maxLength: 200 } },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string', maxLength: 200 } },
    ],
    responses: {
      '200': json({
        type: 'object',
        required: ['items', 'skipped'],
        properties: {
          items: { type: 'array', items: RegistryServer },
          skipped: { type: 'integer' },
          next_cursor: { type: 'string' },
        },
      }),
      ...standardErrors,
      '404': disabled,
      '502': unavailableResponse,
    },
    async handle(c, { services }) {
      const user = c.get('user');
      const registry = registryOf(services);
      const search = queryParam(c.req.queries('search'), 'search');
      const cursor = queryParam(c.req.queries('cursor'), 'cursor');
      const page = await registry.list({ search, cursor }).catch((error) => {
        throw unavailable(error);
      });
      const caller = { admin: user.role === 'admin', allowCommandServers: services.allowCommandServers };
      return c.json({
        items: page.servers.map((server) => ({
          ...describe(server),
          options: installOptions(server, caller),
        })),
        skipped: page.skipped,
        ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
      });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/registry/servers/add',
    summary:
      'Add a server of the registry: one of its remotes (anyone) or packages (administrators, where commands are allowed)',
    description:
      'The gateway reads the version from the registry again and registers it as POST /servers does: a remote URL ' +
      'passes the SSRF guard for users; a package runs as `npx -y id@version`, `uvx id==version` or `docker run -i --rm image:version` ' +
      'with its arguments and environment (never a shell). Header and environment values are stored encrypted and never shown back.',
    body: RegistryAdd,
    responses: {
      '201': json(Server),
      ...standardErrors,
      '400': errorResponse('The body is invalid, or a required value is missing (`missing` names them).'),
      '403': errorResponse(
        'A package server by someone who may not add it (the reason says why), or a forbidden URL.',
      ),
      '404': errorResponse('No such version in the registry, or the registry is off.'),
      '409': errorResponse('The name is taken.'),
      '502': unavailableResponse,
    },
    async handle(c, { services, body }) {
      const user = c.get('user');
      const input = await body();
      const registry = registryOf(services);
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
    },
  }),
];

/** The operator's MCP Registry; a 404 when they turned it off. */
function registryOf(services: GatewayServices): NonNullable<GatewayServices['mcpRegistry']> {
  if (!services.mcpRegistry)
    throw new ApiError(
      404,
      'registry_disabled',
      'this gateway does not browse an MCP registry (the operator turned "registry" off)',
    );
  return services.mcpRegistry;
}

/** The 502 for a registry that cannot be read; any other error as it is. */
function unavailable(error: unknown): unknown {
  if (error instanceof RegistryUnavailableError)
    return new ApiError(502, 'registry_unavailable', `the MCP registry cannot be read: ${error.message}`);
  return error;
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
function describe(server: RegistryEntry) {
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
function serverNameOf(server: RegistryEntry): string {
  const last = server.name.slice(server.name.lastIndexOf('/') + 1);
  let name = '';
  for (const character of last) {
    const fits = /[a-zA-Z0-9_-]/.test(character);
    name += fits ? character : '-';
  }
  name = name.replace(/^[-_]+/, '').slice(0, 48);
  return name || 'registry-server';
}
