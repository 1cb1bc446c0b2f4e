import { body, errorResponse, json, ref, standardErrors } from '../openapi-parts.ts';
import { RegistryAddSchema, RegistryServerSchema } from '../registry-schemas.ts';

/** The component schemas of the MCP Registry proxy. */
export const registrySchemas = { RegistryAdd: RegistryAddSchema, RegistryServer: RegistryServerSchema };

const disabled = errorResponse('The operator turned the registry off (`registry_disabled`).');
const unavailable = errorResponse(
  'The registry did not answer, or not with its API (`registry_unavailable`).',
);

/** Browse the operator's MCP Registry and add its servers. */
export const registryPaths = {
  '/registry/servers': {
    get: {
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
            items: { type: 'array', items: ref('RegistryServer') },
            skipped: { type: 'integer' },
            next_cursor: { type: 'string' },
          },
        }),
        ...standardErrors,
        '404': disabled,
        '502': unavailable,
      },
    },
  },
  '/registry/servers/add': {
    post: {
      summary:
        'Add a server of the registry: one of its remotes (anyone) or packages (administrators, where commands are allowed)',
      description:
        'The gateway reads the version from the registry again and registers it as POST /servers does: a remote URL ' +
        'passes the SSRF guard for users; a package runs as `npx -y id@version`, `uvx id==version` or `docker run -i --rm image:version` ' +
        'with its arguments and environment (never a shell). Header and environment values are stored encrypted and never shown back.',
      requestBody: body(ref('RegistryAdd')),
      responses: {
        '201': json(ref('Server')),
        ...standardErrors,
        '400': errorResponse('The body is invalid, or a required value is missing (`missing` names them).'),
        '403': errorResponse(
          'A package server by someone who may not add it (the reason says why), or a forbidden URL.',
        ),
        '404': errorResponse('No such version in the registry, or the registry is off.'),
        '409': errorResponse('The name is taken.'),
        '502': unavailable,
      },
    },
  },
};
