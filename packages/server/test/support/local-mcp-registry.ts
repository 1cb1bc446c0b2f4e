import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { serveHttp } from '@switchboard/servers';

/** A registry of the MCP Registry's v0.1 API on loopback, serving the test's server.json documents. */
export interface LocalMcpRegistry {
  url: string;
  /** The requests it answered (path and query), in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Answers one request itself (a hostile registry); undefined: the registry answers as usual. */
export type RegistryOverride = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Serves `GET /v0.1/servers?search=&cursor=&limit=` (entries `{server, _meta}`, names containing
 * `search`, `metadata.nextCursor` the last name of a full page) and
 * `GET /v0.1/servers/{name}/versions/{version}`, as registry.modelcontextprotocol.io does.
 */
export async function startLocalMcpRegistry(
  servers: Record<string, unknown>[],
  options: { pageSize?: number; override?: RegistryOverride } = {},
): Promise<LocalMcpRegistry> {
  const requests: string[] = [];
  const entries = servers.map((server) => ({
    server,
    _meta: {
      'io.modelcontextprotocol.registry/official': {
        status: 'active',
        publishedAt: '2025-12-11T10:00:00Z',
        updatedAt: '2025-12-11T10:00:00Z',
        isLatest: true,
      },
    },
  }));
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    if (options.override?.(request, response)) return;
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const parts = url.pathname.split('/');
    if (url.pathname === '/v0.1/servers') {
      const search = url.searchParams.get('search') ?? '';
      const cursor = url.searchParams.get('cursor');
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 30), options.pageSize ?? 100);
      const matching = entries.filter((entry) => String(entry.server.name).includes(search));
      const start = cursor ? matching.findIndex((entry) => entry.server.name === cursor) + 1 : 0;
      const page = matching.slice(start, start + limit);
      const more = start + limit < matching.length;
      send(200, {
        servers: page,
        metadata: { count: page.length, ...(more ? { nextCursor: page.at(-1)?.server.name } : {}) },
      });
      return;
    }
    if (parts.length === 6 && parts[1] === 'v0.1' && parts[2] === 'servers' && parts[4] === 'versions') {
      const name = decodeURIComponent(parts[3] as string);
      const version = decodeURIComponent(parts[5] as string);
      const entry = entries.find((candidate) => candidate.server.name === name);
      if (entry && (version === 'latest' || entry.server.version === version)) send(200, entry);
      else send(404, { title: 'Not Found', status: 404, detail: 'Server not found' });
      return;
    }
    send(404, { title: 'Not Found', status: 404 });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    requests,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/**
 * A remote registry entry in the published format (the registry's docs/reference/server-json
 * examples, with-remote.json: a secret, required Authorization header and a URL variable).
 */
export function remoteWeatherEntry(origin: string): Record<string, unknown> {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: 'io.github.user/remote-weather',
    description: 'Remote MCP server reachable over streamable HTTP.',
    version: '2.1.0',
    title: 'Remote Weather',
    websiteUrl: 'https://modelcontextprotocol.io/examples',
    repository: {
      url: 'https://github.com/modelcontextprotocol/servers',
      source: 'github',
      subfolder: 'src/weather',
    },
    icons: [{ src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48', '96x96'] }],
    remotes: [
      {
        type: 'streamable-http',
        url: `${origin}/{path}`,
        headers: [
          {
            name: 'Authorization',
            description: 'Your weather API key',
            isSecret: true,
            isRequired: true,
            value: 'Bearer {api_key}',
            variables: { api_key: { description: 'API key', isRequired: true, isSecret: true } },
          },
        ],
        variables: { path: { description: 'Endpoint path', default: 'mcp' } },
      },
    ],
  };
}

/**
 * An npm registry entry in the published format (with-package.json: a positional argument, a
 * named one and a secret, required environment variable).
 */
export const NPM_WEATHER_ENTRY: Record<string, unknown> = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name: 'io.github.user/local-weather',
  description: 'Local MCP server distributed as an npm package.',
  version: '1.0.0',
  packages: [
    {
      registryType: 'npm',
      identifier: '@modelcontextprotocol/server-weather',
      version: '1.0.0',
      transport: { type: 'stdio' },
      runtimeHint: 'npx',
      packageArguments: [
        { type: 'positional', valueHint: 'config_path', isRequired: true },
        { type: 'named', name: '--port', value: '8080' },
      ],
      environmentVariables: [{ name: 'API_KEY', isSecret: true, isRequired: true }],
    },
  ],
};

/** A pypi and an oci package in the published format (the filesystem and Python examples). */
export const PACKAGED_ENTRY: Record<string, unknown> = {
  name: 'io.github.example/weather-mcp',
  description: 'Python MCP server for weather data access',
  version: '0.5.0',
  packages: [
    {
      registryType: 'pypi',
      identifier: 'weather-mcp-server',
      version: '0.5.0',
      transport: { type: 'stdio' },
      runtimeHint: 'uvx',
      environmentVariables: [
        {
          name: 'WEATHER_API_KEY',
          description: 'API key for weather service',
          isRequired: true,
          isSecret: true,
        },
        { name: 'WEATHER_UNITS', description: 'Temperature units (celsius, fahrenheit)', default: 'celsius' },
      ],
    },
    {
      registryType: 'oci',
      identifier: 'docker.io/mcp/filesystem',
      version: '1.0.2',
      transport: { type: 'stdio' },
      runtimeArguments: [
        {
          type: 'named',
          name: '--mount',
          value: 'type=bind,src={source_path},dst=/project',
          isRequired: true,
          variables: { source_path: { description: 'Source path on host', isRequired: true } },
        },
      ],
      packageArguments: [{ type: 'positional', valueHint: 'target_dir', value: '/project' }],
      environmentVariables: [{ name: 'LOG_LEVEL', default: 'info' }],
    },
  ],
};

/** A weather MCP server with one tool, `forecast` (a read-only answer for a city). */
export function weatherServer(): McpServer {
  const server = new McpServer({ name: 'remote-weather', version: '2.1.0' });
  server.registerTool(
    'forecast',
    {
      title: 'Weather forecast',
      description: "Tomorrow's weather in a city.",
      inputSchema: fromJsonSchema<{ city: string }>({
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      } as Parameters<typeof fromJsonSchema>[0]),
      annotations: { readOnlyHint: true },
    },
    async ({ city }: { city: string }) => ({ content: [{ type: 'text', text: `Sunny in ${city}, 21 °C` }] }),
  );
  return server;
}

/** The weather server over Streamable HTTP, answering only callers sending `Authorization: Bearer {key}`. */
export async function startKeyedWeatherServer(
  key: string,
): Promise<{ url: string; origin: string; close(): Promise<void> }> {
  const serving = await serveHttp(weatherServer, {
    authenticate: (request) =>
      request.headers.authorization === `Bearer ${key}`
        ? { token: key, clientId: 'registry-test', scopes: [] }
        : undefined,
  });
  return { url: serving.url, origin: new URL(serving.url).origin, close: () => serving.close() };
}
