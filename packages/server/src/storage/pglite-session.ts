import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { bindMessage } from './bind-message.ts';
import type { QueryResult } from './database.ts';
import { StatementNames } from './statement-name.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

const DESCRIBE_PORTAL = protocol.serialize.describe({ type: 'P' });
const EXECUTE_AND_SYNC = concat([protocol.serialize.execute({}), protocol.serialize.sync()]);

/**
 * Runs statements on PGlite's one connection with named prepared statements: a statement with
 * parameters is parsed, planned and described on first use, then only bound and executed, in one
 * protocol exchange, its rows named by the description it got the first time (PGlite's own
 * `query` parses, plans and describes every time, which cost more than running our turn
 * statements). Callers serialize access (one statement at a time).
 */
export class PgliteSession {
  readonly #db: PGlite;
  readonly #names = new StatementNames();
  /**
   * The prepared statements, each with its row description once it has one: `null` for a
   * statement without rows, `undefined` while it has not been described yet.
   */
  readonly #prepared = new Map<string, BackendMessage | null | undefined>();

  constructor(db: PGlite) {
    this.#db = db;
  }

  /** Runs one statement (or, without parameters, a script) and returns its (last) result. */
  async run<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
    const name = params.length > 0 ? this.#names.of(sql) : undefined;
    const messages =
      name === undefined ? await this.#simple(sql) : await this.#bindAndExecute(name, sql, params);
    const error = messages.find((message) => message.name === 'error');
    if (error) throw error;
    const results = parse.parseResults(messages, this.#db.parsers);
    const last = results.at(-1);
    const rows = (last?.rows ?? []) as Row[];
    return { rows, rowCount: last?.affectedRows || rows.length };
  }

  /** Commits the open transaction; throws when PostgreSQL rolled it back instead (a statement in it failed). */
  async commit(): Promise<void> {
    const messages = await this.#simple('COMMIT');
    const error = messages.find((message) => message.name === 'error');
    if (error) throw error;
    if (parse.parseResults(messages, this.#db.parsers)[0]?.command === 'ROLLBACK')
      throw new Error('the transaction was rolled back: a statement in it failed');
  }

  async #simple(sql: string): Promise<BackendMessage[]> {
    const { messages } = await this.#db.execProtocol(protocol.serialize.query(sql), {
      syncToFs: false,
      throwOnError: false,
    });
    return messages;
  }

  async #bindAndExecute(name: string, sql: string, params: readonly unknown[]): Promise<BackendMessage[]> {
    const parts: Uint8Array[] = [];
    const prepared = this.#prepared.has(name);
    const description = this.#prepared.get(name);
    if (!prepared) parts.push(protocol.serialize.parse({ name, text: sql }));
    parts.push(bindMessage(name, params.map(asText)));
    if (description === undefined) parts.push(DESCRIBE_PORTAL);
    parts.push(EXECUTE_AND_SYNC);
    const { messages } = await this.#db.execProtocol(concat(parts), { syncToFs: false, throwOnError: false });
    if (description !== undefined) return description === null ? messages : [description, ...messages];
    if (!prepared && messages.some((message) => message.name === 'parseComplete'))
      this.#prepared.set(name, undefined);
    const described = messages.find(
      (message) => message.name === 'rowDescription' || message.name === 'noData',
    );
    if (described) this.#prepared.set(name, described.name === 'noData' ? null : described);
    return messages;
  }
}

/** A parameter in PostgreSQL's text format, as node-postgres sends it. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
