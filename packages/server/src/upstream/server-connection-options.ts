import { type McpConnectionOptions, type McpTransportConfig, stdioTransport } from '@switchboard/core/node';
import type { ServerRow } from '../store/server-store.ts';
import { usesOAuth } from '../store/server-store.ts';
import { openServerSecrets } from './server-secrets.ts';

/** What the gateway connects to servers with, besides their registrations. */
export interface ServerConnectionSetup {
  /** The key stored header and environment values are sealed under. */
  secretKey?: Uint8Array;
  /** Transports of the built-in servers this replica runs, by built-in name. */
  builtins?: ReadonlyMap<string, McpTransportConfig>;
  /** The fetch for the built-in servers (one that tells them the caller); none uses the default. */
  builtinFetch?: McpConnectionOptions['fetch'];
  /** The fetch for servers registered by non-administrators (the SSRF guard); none allows all. */
  publicOnlyFetch?: McpConnectionOptions['fetch'];
  /** The pooled Node fetch for the deployment's own HTTP servers. */
  nodeFetch: McpConnectionOptions['fetch'];
}

/**
 * How to connect to a registered server: its transport (undefined: a built-in this replica does not
 * run), its roots, description and headers (sealed values opened only here, to connect), the
 * questions and logs its calls answer, and the fetch it is reached with.
 */
export function serverConnectionOptions(
  stored: ServerRow,
  setup: ServerConnectionSetup,
): McpConnectionOptions {
  const row = { ...stored, transport: openServerSecrets(setup.secretKey, stored.transport, stored.name) };
  return {
    name: row.name,
    transport: serverTransport(row, setup) as McpTransportConfig,
    // A server's questions and logs go to the turn whose call asked (never when turns of several users could have).
    answerThroughCalls: ['elicitation', 'sampling', 'log'],
    ...(row.transport.type !== 'builtin' && row.transport.roots
      ? { handlers: { roots: row.transport.roots } }
      : {}),
    ...(row.description ? { description: row.description } : {}),
    ...(row.transport.type === 'http' && row.transport.headers ? { headers: row.transport.headers } : {}),
    ...fetchOf(row, setup),
  };
}

/** A registration's transport; undefined for a built-in this replica does not run. */
export function serverTransport(
  row: ServerRow,
  setup: Pick<ServerConnectionSetup, 'builtins'>,
): McpTransportConfig | undefined {
  const transport = row.transport;
  switch (transport.type) {
    case 'http':
      return { type: 'http', url: transport.url };
    case 'stdio':
      return stdioTransport({
        command: transport.command,
        args: transport.args,
        env: transport.env,
        cwd: transport.cwd,
      });
    case 'builtin':
      return setup.builtins?.get(transport.name);
  }
}

/**
 * The fetch a connection uses: the SSRF guard for servers users registered, the built-ins' own,
 * and for the deployment's HTTP servers the pooled Node fetch (undici's `request`, a fraction of
 * the global fetch's cost per call); OAuth servers keep the SDK's default.
 */
function fetchOf(row: ServerRow, setup: ServerConnectionSetup): Pick<McpConnectionOptions, 'fetch'> {
  if (row.transport.type === 'builtin') return setup.builtinFetch ? { fetch: setup.builtinFetch } : {};
  if (row.transport.type !== 'http') return {};
  if (row.owner_id !== null && setup.publicOnlyFetch) return { fetch: setup.publicOnlyFetch };
  return usesOAuth(row) ? {} : { fetch: setup.nodeFetch };
}
