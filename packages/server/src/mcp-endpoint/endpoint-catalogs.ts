import type { User } from '../auth/user.ts';
import type { ServerRegistry, TurnTools } from '../mcp/server-registry.ts';
import { EndpointCatalog } from './endpoint-catalog.ts';

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
  readonly #capacity: number;
  readonly #catalogs = new Map<string, EndpointCatalog>();
  readonly #ids = new WeakMap<object, number>();
  #nextId = 1;

  constructor(registry: ServerRegistry, capacity = 100) {
    this.#registry = registry;
    this.#capacity = capacity;
  }

  /** The user's catalog of every enabled server they may use, as it is now. */
  async get(user: User): Promise<UserCatalog> {
    const tools = await this.#registry.toolsFor(user, []);
    const key = `${user.id}\u0000${tools.layers
      .map((layer) => `${layer.serverName}:${layer.tools.map((tool) => this.#idOf(tool)).join(',')}`)
      .join('|')}`;
    let catalog = this.#catalogs.get(key);
    if (catalog) this.#catalogs.delete(key);
    else catalog = new EndpointCatalog(tools.layers, tools.clients);
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
