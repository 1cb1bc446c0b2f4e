import type { EndpointMode } from '../services/endpoint-mode.ts';

/** The most tools one connection keeps activated; the oldest give way first. */
const MAX_ACTIVATED = 100;

/** A tool found and activated: its endpoint name and its server's registered name. */
export interface ActivatedTool {
  name: string;
  serverName: string;
}

/**
 * The tools a discovery-mode connection has found and added to its `tools/list` (in the order
 * found), so a client that honours `notifications/tools/list_changed` can call them directly.
 * One per connection: a 2025 session, or a user's 2026 (per-request) traffic on this replica.
 */
export class ActivatedTools {
  /** The server (registered name) of each activated tool, by endpoint name. */
  readonly #servers = new Map<string, string>();
  /** The mode the connection's tools/list was last presented in; undefined before its first. */
  servedIn?: EndpointMode;

  /** The activated names, oldest first. */
  get names(): readonly string[] {
    return [...this.#servers.keys()];
  }

  /** Adds tools (endpoint name and server); true when the list changed. */
  add(tools: readonly ActivatedTool[]): boolean {
    let changed = false;
    for (const { name, serverName } of tools) {
      if (this.#servers.has(name)) continue;
      this.#servers.set(name, serverName);
      changed = true;
      if (this.#servers.size > MAX_ACTIVATED)
        this.#servers.delete(this.#servers.keys().next().value as string);
    }
    return changed;
  }

  /** Whether a name was activated. */
  has(name: string): boolean {
    return this.#servers.has(name);
  }

  /** Whether a tool of this server (by registered name) was activated. */
  hasServer(serverName: string): boolean {
    for (const server of this.#servers.values()) if (server === serverName) return true;
    return false;
  }

  /**
   * Whether a change of this server's tools (by registered name) changes the connection's
   * tools/list: in aggregate mode always, in discovery mode when one of its tools was activated.
   */
  showsToolsOf(serverName: string): boolean {
    return this.servedIn === 'aggregate' || (this.servedIn === 'discovery' && this.hasServer(serverName));
  }
}
