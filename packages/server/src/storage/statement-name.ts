import { createHash } from 'node:crypto';

/**
 * Names each distinct statement text with parameters, so a connection parses and plans it once and
 * then only binds and executes it (a named prepared statement). Statements without parameters get
 * no name: they are sent as they are.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();

  /** The statement's name, or undefined for one without parameters. */
  of(sql: string): string | undefined {
    if (!sql.includes('$1')) return undefined;
    let name = this.#names.get(sql);
    if (!name) {
      name = `sb_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
      this.#names.set(sql, name);
    }
    return name;
  }
}
