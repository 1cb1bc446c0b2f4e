import type { GatewayServices } from '../services/gateway-services.ts';

/** The path of the MCP endpoint on the gateway. */
export const ENDPOINT_PATH = '/mcp';

/** Where the endpoint's protected-resource metadata is served (RFC 9728 §3.1, path-suffixed). */
export const METADATA_PATH = `/.well-known/oauth-protected-resource${ENDPOINT_PATH}`;

type ResourceServices = Pick<GatewayServices, 'accessTokens'>;

/**
 * The endpoint's resource identifier (RFC 8707): `/mcp` under the gateway's public URL when one is
 * configured with an authorization server (behind a proxy the URL a request reached is not the
 * one clients use), else `/mcp` on the origin a request reached.
 */
export function endpointResourceUrl(request: Request, services: ResourceServices): string {
  return services.accessTokens?.resource ?? `${new URL(request.url).origin}${ENDPOINT_PATH}`;
}

/** The resource's metadata URL (RFC 9728 §3.1: the well-known segment goes before its path). */
export function protectedResourceMetadataUrl(request: Request, services: ResourceServices): string {
  const resource = new URL(endpointResourceUrl(request, services));
  return `${resource.origin}/.well-known/oauth-protected-resource${resource.pathname}`;
}

/**
 * The endpoint's protected-resource metadata (RFC 9728): the resource (see
 * {@link endpointResourceUrl}), and bearer tokens go in the `Authorization` header. With an
 * authorization server configured, it is named (and the scopes tokens need), so OAuth clients
 * (MCP authorization) get a token from it; without one, the gateway is its own authority (its
 * API keys) and clients send the key they were given.
 */
export function protectedResourceMetadata(
  request: Request,
  services: ResourceServices,
): Record<string, unknown> {
  const { accessTokens } = services;
  return {
    resource: endpointResourceUrl(request, services),
    ...(accessTokens ? { authorization_servers: [accessTokens.issuer] } : {}),
    ...(accessTokens?.scopes.length ? { scopes_supported: [...accessTokens.scopes] } : {}),
    bearer_methods_supported: ['header'],
    resource_name: 'Switchboard gateway',
  };
}
