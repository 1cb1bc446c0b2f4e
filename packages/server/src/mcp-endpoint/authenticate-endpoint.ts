import type { AuthInfo } from '@modelcontextprotocol/server';
import { LOCAL_USER } from '../auth/local-user.ts';
import type { User } from '../auth/user.ts';
import type { GatewayServices } from '../services/gateway-services.ts';
import { protectedResourceMetadataUrl } from './protected-resource-metadata.ts';

/**
 * The user of a `/mcp` request, from `Authorization: Bearer <API key>` (the gateway's keys); on an
 * open gateway, the local user. Without a known key: a 401 whose `WWW-Authenticate` names the
 * protected-resource metadata (RFC 9728), as MCP authorization asks.
 */
export async function authenticateEndpoint(
  services: Pick<GatewayServices, 'openAccess' | 'users'>,
  request: Request,
): Promise<User | Response> {
  if (services.openAccess) return LOCAL_USER;
  const header = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const user = token ? await services.users.byApiKey(token) : undefined;
  if (user) return user;
  const metadata = protectedResourceMetadataUrl(request);
  const challenge = token
    ? `Bearer error="invalid_token", error_description="unknown API key", resource_metadata="${metadata}"`
    : `Bearer resource_metadata="${metadata}"`;
  const message = token
    ? 'unknown API key'
    : 'send your Switchboard API key as "Authorization: Bearer <key>" (a key of the users in the gateway\'s configuration, or one an administrator created with POST /users)';
  return Response.json(
    { jsonrpc: '2.0', id: null, error: { code: -32001, message: `Unauthorized: ${message}` } },
    { status: 401, headers: { 'WWW-Authenticate': challenge } },
  );
}

/** The user as the MCP SDK hands it to handlers (`ctx.http.authInfo`); never the key itself. */
export function endpointAuthInfo(user: User): AuthInfo {
  return { token: 'switchboard-api-key', clientId: user.id, scopes: [], extra: { userId: user.id } };
}
