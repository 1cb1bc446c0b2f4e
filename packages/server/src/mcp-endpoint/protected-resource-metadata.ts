import type { GatewayServices } from '../services/gateway-services.ts';

/** The path of the MCP endpoint on the gateway. */
export const ENDPOINT_PATH = '/mcp';

/** Where the endpoint's protected-resource metadata is served (RFC 9728 §3.1, path-suffixed). */
export const METADATA_PATH = `/.well-known/oauth-protected-resource${ENDPOINT_PATH}`;

/** The metadata URL for the gateway a request reached. */
export function protectedResourceMetadataUrl(request: Request): string {
  return `${new URL(request.url).origin}${METADATA_PATH}`;
}

/** The endpoint's resource identifier (RFC 8707): `/mcp` on the gateway a request reached. */
export function endpointResourceUrl(request: Request): string {
  return `${new URL(request.url).origin}${ENDPOINT_PATH}`;
}

/**
 * The endpoint's protected-resource metadata (RFC 9728): the resource is `/mcp` on the gateway a
 * request reached, and bearer tokens go in the `Authorization` header. With an authorization
 * server configured, it is named (and the scopes tokens need), so OAuth clients (MCP
 * authorization) get a token from it; without one, the gateway is its own authority (its API
 * keys) and clients send the key they were given.
 */
export function protectedResourceMetadata(
  request: Request,
  services: Pick<GatewayServices, 'accessTokens'>,
): Record<string, unknown> {
  const { accessTokens } = services;
  return {
    resource: endpointResourceUrl(request),
    ...(accessTokens ? { authorization_servers: [accessTokens.issuer] } : {}),
    ...(accessTokens?.scopes.length ? { scopes_supported: [...accessTokens.scopes] } : {}),
    bearer_methods_supported: ['header'],
    resource_name: 'Switchboard gateway',
  };
}
