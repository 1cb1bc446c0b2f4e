import { openSecret, sealSecret } from '../auth/secret-box.ts';
import type { ServerTransport } from '../store/server-store.ts';

/** How a sealed value starts (what the registry opens; anything else is a value as the operator wrote it). */
const SEALED = 'sealed:';

/**
 * A registration's secrets sealed for storage: an HTTP server's header values and a stdio server's
 * environment values, each encrypted under the gateway's secret key and bound to the server's name
 * and the header or variable it belongs to (a value copied elsewhere does not open). Without a key
 * (a gateway on PostgreSQL given none) the transport is kept as it is.
 */
export function sealServerSecrets(
  key: Uint8Array | undefined,
  transport: ServerTransport,
  serverName: string,
): ServerTransport {
  if (!key) return transport;
  const seal = (kind: string, values: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        `${SEALED}${sealSecret(key, value, contextOf(serverName, kind, name))}`,
      ]),
    );
  if (transport.type === 'http' && transport.headers)
    return { ...transport, headers: seal('header', transport.headers) };
  if (transport.type === 'stdio' && transport.env) return { ...transport, env: seal('env', transport.env) };
  return transport;
}

/** A registration's transport with the values {@link sealServerSecrets} sealed opened again. */
export function openServerSecrets(
  key: Uint8Array | undefined,
  transport: ServerTransport,
  serverName: string,
): ServerTransport {
  const open = (kind: string, values: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => {
        if (!value.startsWith(SEALED)) return [name, value];
        if (!key)
          throw new Error(
            `the ${kind} "${name}" of "${serverName}" is encrypted and the gateway has no secret key`,
          );
        return [name, openSecret(key, value.slice(SEALED.length), contextOf(serverName, kind, name))];
      }),
    );
  if (transport.type === 'http' && transport.headers)
    return { ...transport, headers: open('header', transport.headers) };
  if (transport.type === 'stdio' && transport.env) return { ...transport, env: open('env', transport.env) };
  return transport;
}

function contextOf(serverName: string, kind: string, name: string): string {
  return `server-secret:${serverName}:${kind}:${name}`;
}
