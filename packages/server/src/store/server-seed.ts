import type { ServerOAuth, ServerRoot } from './server-store.ts';

/** A deployment server from the configuration: a URL, a stdio command, or a built-in server. */
export interface ServerSeed {
  name: string;
  description?: string;
  url?: string;
  headers?: Record<string, string>;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** The name of a built-in server this process runs (see `builtins`). */
  builtin?: string;
  /** A `url` server that authorizes each user with OAuth (each user connects it once). */
  oauth?: ServerOAuth;
  /** What the server may work in (MCP roots, e.g. `file:///srv/projects`), answered to its `roots/list`. */
  roots?: ServerRoot[];
}
