import type { User } from '../auth/user.ts';
import type { CatalogCache } from '../chat/catalog-cache.ts';
import type { ServerRegistry, TurnTools } from '../upstream/server-registry.ts';
import { EndpointCatalog } from './endpoint-catalog.ts';

/**
 * How long a user's catalog is reused while their servers stay the same (ms), instead of asking
 * every server for its tools on every request.
 */
const FRESH_MS = 1_000;

/** A user's catalog, with the servers it had to go without. */
export interface UserCatalog {
  catalog: EndpointCatalog;
  /** OAuth servers the user has not connected yet (connect them in the web app or through the API). */
  needsAuthorization: TurnTools['needsAuthorization'];
  /** Servers that could not be reached, with why. */
  unavailable: TurnTools['unavailable'];
}

/**
 * The `/mcp` catalogs of the gateway's users, reused while the user's servers list the same tools
 * (connections keep their tool objects until a server's list changes, so the key is the identity
 * of those objects): building one over thousands of tools costs far more than a request. Keyed by
 * user as well, so one user's catalog (and the connections it holds) never serves another.
 */
export class EndpointCatalogs {
  readonly #registry: ServerRegistry;
  readonly #ranking: CatalogCache;
  readonly #capacity: number;
  readonly #catalogs = new Map<string, EndpointCatalog>();
  readonly #recent = new Map<string, { at: number; servers: string; catalog: UserCatalog }>();
  readonly #ids = new WeakMap<object, number>();
  #nextId = 1;
  /** Counts {@link forget} calls. */
  #generation = 0;

  /**
   * @param ranking The gateway's tool catalogs (chat's), which rank `/mcp` searches too: one search
   *   path, one dense retrieval.
   */
  constructor(registry: ServerRegistry, ranking: CatalogCache, capacity = 100) {
    this.#registry = registry;
    this.#ranking = ranking;
    this.#capacity = capacity;
  }

  /**
   * The user's catalog of every enabled server they may use, as it is now: reused for a second
   * while the same servers are registered (a registration, removal or stop shows at once).
   */
  async get(user: User): Promise<UserCatalog> {
    const servers = (await this.#registry.usable(user))
      .filter((row) => row.enabled)
      .map((row) => `${row.id}:${JSON.stringify(row.transport)}`)
      .join('|');
    const recent = this.#recent.get(user.id);
    if (recent && recent.servers === servers && Date.now() - recent.at < FRESH_MS) return recent.catalog;
    const generation = this.#generation;
    const fresh = await this.#build(user);
    // A catalog whose build began before a change was forgotten serves this request only.
    if (generation !== this.#generation) return fresh;
    this.#recent.delete(user.id);
    this.#recent.set(user.id, { at: Date.now(), servers, catalog: fresh });
    if (this.#recent.size > this.#capacity) this.#recent.delete(this.#recent.keys().next().value as string);
    return fresh;
  }

  /**
   * Stops reusing the catalogs built before a server's tools changed: one user's (a change on their
   * own connection), or everyone's (a shared server's), and the rankings built over that server.
   */
  forget(serverName: string, userId?: string): void {
    this.#generation += 1;
    if (userId === undefined) this.#recent.clear();
    else this.#recent.delete(userId);
    for (const [key, catalog] of this.#catalogs) {
      const owned = userId === undefined || key.startsWith(`${userId}\u0000`);
      if (owned && catalog.connections.has(serverName)) this.#catalogs.delete(key);
    }
    this.#ranking.forget(serverName);
  }

  async #build(user: User): Promise<UserCatalog> {
    const tools = await this.#registry.toolsFor(user, []);
    const key = `${user.id}\u0000${tools.layers
      .map((layer) => `${layer.serverName}:${layer.tools.map((tool) => this.#idOf(tool)).join(',')}`)
      .join('|')}`;
    let catalog = this.#catalogs.get(key);
    if (catalog) this.#catalogs.delete(key);
    else catalog = new EndpointCatalog(tools.layers, tools.clients, () => this.#ranking.get(tools.layers));
    this.#catalogs.set(key, catalog);
    if (this.#catalogs.size > this.#capacity)
      this.#catalogs.delete(this.#catalogs.keys().next().value as string);
    return { catalog, needsAuthorization: tools.needsAuthorization, unavailable: tools.unavailable };
  }

  #idOf(value: object): number {
    let id = this.#ids.get(value);
    if (id === undefined) {
      id = this.#nextId++;
      this.#ids.set(value, id);
    }
    return id;
  }
}
