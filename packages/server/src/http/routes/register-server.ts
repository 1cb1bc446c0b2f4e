import { sanitizeServerName } from '@switchboard/core';
import type { User } from '../../auth/user.ts';
import type { GatewayServices } from '../../services/gateway-services.ts';
import type { ServerSeed } from '../../store/server-seed.ts';
import {
  insertServer,
  type ServerRow,
  type ServerTransport,
  UI_LAYER_NAME,
} from '../../store/server-store.ts';
import { sealServerSecrets } from '../../upstream/server-secrets.ts';
import { checkPublicUrl, ForbiddenUrlError } from '../../upstream/ssrf-guard.ts';
import { ApiError } from '../api-error.ts';
import { requireAdmin } from '../authenticate.ts';

/** A server to register, as `POST /servers` takes it: what the configuration names, less built-ins. */
export type Registration = Omit<ServerSeed, 'builtin'>;

/**
 * Registers a server for `user` (the deployment's when an administrator registers it): a URL —
 * checked against private networks for non-administrators — or a command (administrators only,
 * where the configuration allows commands). Header and environment values are sealed under the
 * gateway's secret key before they are stored, and never shown back. Every replica hears of it.
 */
export async function registerServer(
  services: GatewayServices,
  user: User,
  input: Registration,
): Promise<ServerRow> {
  const transport = await transportOf(input, user, services);
  const inserted = await insertServer(services.db, {
    name: input.name,
    ownerId: user.role === 'admin' ? null : user.id,
    description: input.description,
    transport: sealServerSecrets(services.secretKey, transport, input.name),
  });
  if ('collidesWith' in inserted) throw nameTaken(input.name, inserted.collidesWith);
  await services.registry.announceChange();
  await services.registry.sync(true);
  return inserted.row;
}

async function transportOf(
  input: Registration,
  user: User,
  {
    allowPrivateNetworks,
    allowCommandServers,
    trustedServerOrigins,
  }: Pick<GatewayServices, 'allowPrivateNetworks' | 'allowCommandServers' | 'trustedServerOrigins'>,
): Promise<ServerTransport> {
  if ((input.url === undefined) === (input.command === undefined)) {
    throw new ApiError(
      400,
      'invalid_request',
      'give exactly one of "url" (Streamable HTTP) or "command" (stdio)',
    );
  }
  if (input.command !== undefined) {
    if (input.oauth) throw new ApiError(400, 'invalid_request', '"oauth" applies to "url" servers only');
    requireAdmin(user, 'register a stdio server (it runs a command on the gateway)');
    if (!allowCommandServers)
      throw new ApiError(
        403,
        'commands_disabled',
        'this gateway does not register stdio servers through the API (they run commands on its machine): the operator lists them under "servers" in the configuration, or sets "allowCommandServers": true',
      );
    return {
      type: 'stdio',
      command: input.command,
      args: input.args,
      env: input.env,
      cwd: input.cwd,
      ...(input.roots ? { roots: input.roots } : {}),
    };
  }
  const url = input.url as string;
  if (user.role !== 'admin' && !allowPrivateNetworks) {
    try {
      await checkPublicUrl(url, { trustedOrigins: trustedServerOrigins });
    } catch (error) {
      if (error instanceof ForbiddenUrlError) throw new ApiError(403, 'forbidden_url', error.message);
      throw error;
    }
  } else if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new ApiError(400, 'invalid_request', `${JSON.stringify(url)} is not an http(s) URL`);
  }
  return {
    type: 'http',
    url,
    ...(input.headers ? { headers: input.headers } : {}),
    ...(input.oauth ? { oauth: input.oauth } : {}),
    ...(input.roots ? { roots: input.roots } : {}),
  };
}

/** The 409 for a registration whose name is taken, or reads as a registered server's name does. */
function nameTaken(wanted: string, registered: string): ApiError {
  if (wanted === registered)
    return new ApiError(409, 'server_exists', `a server named "${wanted}" is already registered`);
  const reading = sanitizeServerName(wanted);
  if (registered === UI_LAYER_NAME && reading === UI_LAYER_NAME)
    return new ApiError(
      409,
      'server_name_collides',
      `the name "${wanted}" reads as "${reading}" in approval rules and tool names, as the gateway's own UI layer does, so rules written for it would cover this server: pick another name`,
      { details: { name: wanted, reads_as: reading, registered } },
    );
  return new ApiError(
    409,
    'server_name_collides',
    `the name "${wanted}" reads as "${reading}" in approval rules and tool names, as the registered server "${registered}" does, so rules written for one would cover the other: pick a name that differs in more than case and punctuation`,
    { details: { name: wanted, reads_as: reading, registered } },
  );
}
