import { shortenToolName } from '../naming/tool-name.ts';
import type { SanitizedSchema } from '../strict-schema/sanitize-schema.ts';
import type { ToolLayer, ToolProtocol } from '../types/index.ts';
import type { ParsedToolName } from './parsed-tool-name.ts';

/** One row of the catalog's name table. */
export interface CatalogEntry {
  parsed: ParsedToolName;
  originalSchema: unknown;
  description: string;
  /** The strict-mode schema, computed when first needed. */
  sanitized?: SanitizedSchema;
}

/** The catalog's name table (name → entry) and alias table (alias → table name), shared by its builders. */
export interface CatalogNames {
  readonly table: Map<string, CatalogEntry>;
  readonly aliases: Map<string, string>;
}

/** The table and alias names a server put into the catalog (what removing it takes out). */
export interface OwnedNames {
  names: string[];
  aliases: string[];
}

/** What every parsed name of one layer shares. */
export interface LayerBase {
  layer: ToolLayer;
  server: string;
  protocol: ToolProtocol;
}

/** `name` if neither a table name nor an alias, else a deterministic hash-suffixed variant. */
export function freeName(names: CatalogNames, name: string, identity: string): string {
  let free = name;
  for (let n = 1; names.table.has(free) || names.aliases.has(free); n++) {
    free = shortenToolName(name, `${identity}#${n}`);
  }
  return free;
}
