import { openSecret, sealSecret } from '../auth/secret-box.ts';
import type { Queryable } from '../storage/database.ts';
import { listServerRows, replaceServerTransport, type ServerTransport } from '../store/server-store.ts';

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
  return sealValues(transport, (kind, name, value) => sealed(key, value, serverName, kind, name));
}

/**
 * Seals the header and environment values that registered servers (not the configuration's, which
 * it writes again at every start) still hold in the clear: registrations from before values were
 * sealed, or from a gateway that had no key. Run at start; a registration changed meanwhile is left
 * for the next start. Resolves with the names of the servers it sealed.
 */
export async function sealStoredServerSecrets(
  db: Queryable,
  key: Uint8Array,
  configured: ReadonlySet<string>,
): Promise<string[]> {
  const changed: string[] = [];
  for (const row of await listServerRows(db)) {
    if (configured.has(row.name)) continue;
    const transport = sealValues(row.transport, (kind, name, value) =>
      value.startsWith(SEALED) ? value : sealed(key, value, row.name, kind, name),
    );
    if (JSON.stringify(transport) === JSON.stringify(row.transport)) continue;
    if (await replaceServerTransport(db, row.id, row.transport, transport)) changed.push(row.name);
  }
  return changed;
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

/** The transport with each header (HTTP) or environment (stdio) value replaced by `replace`'s. */
function sealValues(
  transport: ServerTransport,
  replace: (kind: 'header' | 'env', name: string, value: string) => string,
): ServerTransport {
  const each = (kind: 'header' | 'env', values: Record<string, string>) =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, replace(kind, name, value)]));
  if (transport.type === 'http' && transport.headers)
    return { ...transport, headers: each('header', transport.headers) };
  if (transport.type === 'stdio' && transport.env) return { ...transport, env: each('env', transport.env) };
  return transport;
}

function sealed(key: Uint8Array, value: string, serverName: string, kind: string, name: string): string {
  return `${SEALED}${sealSecret(key, value, contextOf(serverName, kind, name))}`;
}

function contextOf(serverName: string, kind: string, name: string): string {
  return `server-secret:${serverName}:${kind}:${name}`;
}
