import type { DenseRetrieval } from '../discovery/dense/dense-retrieval.ts';
import type { DiscoveryOptions } from '../discovery/discovery-mode.ts';
import type { OnSchemaPatch } from '../strict-schema/sanitize-schema.ts';

/** Options of a `ToolCatalog`. */
export interface ToolCatalogOptions {
  /** Flatten nested object parameters into `parent__child` (for local models). Default false. */
  flatten?: boolean;
  /** Receives every change made to a tool schema for strict mode (called when the schema is first needed). */
  onSchemaPatch?: OnSchemaPatch;
  /**
   * Extra alias entries, alias → existing tool name (e.g. a tool's former name:
   * `{ weather_mcp_get_forecast: 'weather_mcp_get_weather_data' }`). An alias that is already a tool
   * name is ignored (real names win); a target the catalog does not know throws at construction.
   */
  aliases?: Readonly<Record<string, string>>;
  /**
   * The longest description a real tool is offered with (default 1024, OpenAI's limit). A longer one
   * is cut at a sentence and ends by naming the search that returns it whole.
   */
  maxDescriptionLength?: number;
  /**
   * Per-server discovery tools, or the constant-size global set (`search_tools`, `list_servers`,
   * `search_recipes`, `get_recipe`). Default: global above 8 servers.
   */
  discovery?: DiscoveryOptions;
  /**
   * Dense retrieval over an embeddings endpoint (`SWITCHBOARD_EMBEDDINGS`): `search_tools` then fuses
   * it with the lexical ranking. Share one between catalogs so each tool text is embedded once.
   */
  dense?: DenseRetrieval;
}
