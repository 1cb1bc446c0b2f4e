import { ToolCatalog, type ToolCatalogOptions, type ToolLayer } from '@switchboard/core';

/**
 * Reuses tool catalogs between turns that see the same tools: building one (schema sanitizing,
 * search index) costs far more than a turn's bookkeeping. Layers are compared by their tool
 * objects' identity (connections keep them until the server's list changes) and, for tools the
 * client declares, by value. Catalogs are read-only once built, so turns share them; every catalog
 * gets the same options (one dense retrieval, so each tool text is embedded once per process).
 */
export class CatalogCache {
  /** Catalogs by their layers' key, with the names of the servers whose layers they were built from. */
  readonly #catalogs = new Map<string, { catalog: ToolCatalog; servers: ReadonlySet<string> }>();
  readonly #ids = new WeakMap<object, number>();
  readonly #capacity: number;
  readonly #options: ToolCatalogOptions;
  #nextId = 1;

  constructor(options: ToolCatalogOptions = {}, capacity = 200) {
    this.#options = options;
    this.#capacity = capacity;
  }

  /** The catalog of these layers. */
  get(layers: readonly ToolLayer[]): ToolCatalog {
    const key = layers.map((layer) => this.#layerKey(layer)).join('|');
    const cached = this.#catalogs.get(key);
    if (cached) {
      this.#catalogs.delete(key);
      this.#catalogs.set(key, cached);
      return cached.catalog;
    }
    const catalog = new ToolCatalog(layers, this.#options);
    this.#catalogs.set(key, { catalog, servers: new Set(layers.map((layer) => layer.serverName)) });
    if (this.#catalogs.size > this.#capacity)
      this.#catalogs.delete(this.#catalogs.keys().next().value as string);
    return catalog;
  }

  /**
   * Drops the catalogs built from a server's layer (its tool list changed: they would never be
   * asked for again, and need not wait their turn to leave).
   */
  forget(serverName: string): void {
    for (const [key, { servers }] of this.#catalogs) if (servers.has(serverName)) this.#catalogs.delete(key);
  }

  #layerKey(layer: ToolLayer): string {
    const head = `${layer.protocol}:${layer.serverName}:${'executedBy' in layer ? 'client' : ''}:${layer.description ?? ''}`;
    if ('executedBy' in layer) return `${head}:${JSON.stringify(layer.tools)}`;
    return `${head}:${layer.tools.map((tool) => this.#idOf(tool)).join(',')}`;
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
