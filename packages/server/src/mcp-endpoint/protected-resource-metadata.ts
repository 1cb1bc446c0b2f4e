/** The path of the MCP endpoint on the gateway. */
export const ENDPOINT_PATH = '/mcp';

/** Where the endpoint's protected-resource metadata is served (RFC 9728 §3.1, path-suffixed). */
export const METADATA_PATH = `/.well-known/oauth-protected-resource${ENDPOINT_PATH}`;

/** The metadata URL for the gateway a request reached. */
export function protectedResourceMetadataUrl(request: Request): string {
  return `${new URL(request.url).origin}${METADATA_PATH}`;
}

/**
 * The endpoint's protected-resource metadata (RFC 9728): the resource is `/mcp` on the gateway a
 * request reached, and bearer tokens go in the `Authorization` header. The gateway is its own
 * authority (its API keys), so no authorization server is named: clients that cannot do OAuth
 * without one send the key they were given.
 */
export function protectedResourceMetadata(request: Request): Record<string, unknown> {
  return {
    resource: `${new URL(request.url).origin}${ENDPOINT_PATH}`,
    bearer_methods_supported: ['header'],
    resource_name: 'Switchboard gateway',
  };
}
