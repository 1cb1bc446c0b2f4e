import {
  type ReadResourceResult,
  type Resource,
  ResourceNotFoundError,
  type ResourceTemplateType,
  type Server,
} from '@modelcontextprotocol/server';
import { compileResourceTemplate } from '@switchboard/core';
import type { McpConnection } from '@switchboard/core/node';
import type { User } from '../auth/user.ts';
import { asCaller } from '../upstream/caller-identity.ts';
import type { EndpointCatalog } from './endpoint-catalog.ts';
import type { EndpointCatalogs } from './endpoint-catalogs.ts';

/**
 * Serves the resources of the user's servers through the endpoint: `resources/list` and
 * `resources/templates/list` gather every server's (names prefixed `{server}_`, URIs kept, so
 * the `ui://` resources tools name in `_meta` read as they are), and `resources/read` goes to the
 * server that lists the URI, names it in a tool's `_meta`, or has a template matching it. Servers
 * without resources are skipped.
 */
export function registerResourcePassThrough(server: Server, catalogs: EndpointCatalogs, user: User): void {
  server.setRequestHandler('resources/list', async (_request, ctx) => {
    const { catalog } = await catalogs.get(user);
    const lists = await eachServer(catalog, user, (connection) =>
      connection.listResources({ signal: ctx.mcpReq.signal }),
    );
    return {
      resources: lists.flatMap(({ serverName, value }) =>
        value.map((resource: Resource) => ({ ...resource, name: `${serverName}_${resource.name}` })),
      ),
    };
  });

  server.setRequestHandler('resources/templates/list', async (_request, ctx) => {
    const { catalog } = await catalogs.get(user);
    const lists = await eachServer(catalog, user, (connection) =>
      connection.listResourceTemplates({ signal: ctx.mcpReq.signal }),
    );
    return {
      resourceTemplates: lists.flatMap(({ serverName, value }) =>
        value.map((template: ResourceTemplateType) => ({
          ...template,
          name: `${serverName}_${template.name}`,
        })),
      ),
    };
  });

  server.setRequestHandler('resources/read', async (request, ctx) => {
    const { catalog } = await catalogs.get(user);
    const { uri } = request.params;
    const connection = await ownerOf(catalog, user, uri, ctx.mcpReq.signal);
    return (await asCaller(user.id, () =>
      connection.readResource(uri, { signal: ctx.mcpReq.signal }),
    )) as ReadResourceResult;
  });
}

/**
 * The connection to the server that offers `uri`: named in a tool's `_meta`, listed, or matching a
 * template. Throws `ResourceNotFoundError` (telling the client to look at resources/list) when none does.
 */
export async function ownerOf(
  catalog: EndpointCatalog,
  user: User,
  uri: string,
  signal: AbortSignal,
): Promise<McpConnection> {
  for (const tool of catalog.tools.values()) {
    if (JSON.stringify(tool.tool._meta ?? {}).includes(JSON.stringify(uri))) return tool.connection;
  }
  const listed = await eachServer(catalog, user, (connection) => connection.listResources({ signal }));
  const owner = listed.find(({ value }) => value.some((resource) => resource.uri === uri));
  const listedBy = owner && catalog.connections.get(owner.serverName);
  if (listedBy) return listedBy;
  const templates = await eachServer(catalog, user, (connection) =>
    connection.listResourceTemplates({ signal }),
  );
  const matching = templates.find(({ value }) =>
    value.some((template) => compileResourceTemplate(template.uriTemplate).match(uri) !== undefined),
  );
  const connection = matching && catalog.connections.get(matching.serverName);
  if (connection) return connection;
  throw new ResourceNotFoundError(
    uri,
    `Resource ${uri.slice(0, 200)} is not offered by any of your servers (see resources/list).`,
  );
}

/** One request to every server of the catalog; servers that fail (e.g. offer no resources) are left out. */
async function eachServer<T>(
  catalog: EndpointCatalog,
  user: User,
  request: (connection: McpConnection) => Promise<T>,
): Promise<Array<{ serverName: string; value: T }>> {
  const settled = await Promise.all(
    [...catalog.connections].map(async ([serverName, connection]) => {
      try {
        return [{ serverName, value: await asCaller(user.id, () => request(connection)) }];
      } catch {
        return [];
      }
    }),
  );
  return settled.flat();
}
