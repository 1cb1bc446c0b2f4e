import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { bindMessage } from './bind-message.ts';
import type { QueryResult } from './database.ts';
import { postgresText } from './postgres-text.ts';
import { StatementNames } from './statement-name.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

const DESCRIBE_PORTAL = protocol.serialize.describe({ type: 'P' });
const EXECUTE = protocol.serialize.execute({});
const SYNC = protocol.serialize.sync();

/** A statement and its parameters. */
export interface Statement {
  sql: string;
  params: readonly unknown[];
}

/**
 * Runs statements on PGlite's one connection with named prepared statements: a statement with
 * parameters is parsed, planned and described on first use, then only bound and executed, its
 * rows named by the description it got the first time (PGlite's own `query` parses, plans and
 * describes every time, which cost more than running our turn statements). Several statements go
 * to PostgreSQL in one exchange, as a pipeline ending in one Sync. Callers serialize access (one
 * exchange at a time).
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
    if (params.length > 0) return (await this.runInOneTransaction([{ sql, params }]))[0] as QueryResult<Row>;
    const messages = await this.#exchange(protocol.serialize.query(sql));
    const error = messages.find((message) => message.name === 'error');
    if (error) throw error;
    const last = parse.parseResults(messages, this.#db.parsers).at(-1);
    const rows = (last?.rows ?? []) as Row[];
    return { rows, rowCount: last?.affectedRows || rows.length };
  }

  /** Commits the open transaction; throws when PostgreSQL rolled it back instead (a statement in it failed). */
  async commit(): Promise<void> {
    const messages = await this.#exchange(protocol.serialize.query('COMMIT'));
    const error = messages.find((message) => message.name === 'error');
    if (error) throw error;
    if (parse.parseResults(messages, this.#db.parsers)[0]?.command === 'ROLLBACK')
      throw new Error('the transaction was rolled back: a statement in it failed');
  }

  async #exchange(bytes: Uint8Array): Promise<BackendMessage[]> {
    const { messages } = await this.#db.execProtocol(bytes, { syncToFs: false, throwOnError: false });
    return messages;
  }

  /**
   * Runs statements with parameters in one exchange ending in one Sync: outside a transaction, they
   * run in one that commits after the last (PostgreSQL's implicit transaction of a pipeline).
   * Resolves with their results in order, or rejects with the first error, nothing of them kept.
   * Each is parsed when new, bound, described when it has no description yet, and executed.
   */
  async runInOneTransaction(statements: readonly Statement[]): Promise<QueryResult<unknown>[]> {
    const names = statements.map(({ sql }) => {
      const name = this.#names.of(sql);
      if (name === undefined) throw new Error(`parameters were given to a statement without $1: ${sql}`);
      return name;
    });
    const known = names.map((name) => this.#prepared.get(name));
    const parts: Uint8Array[] = [];
    const parsing = new Set<string>();
    statements.forEach(({ sql, params }, index) => {
      const name = names[index];
      if (!this.#prepared.has(name) && !parsing.has(name)) {
        parsing.add(name);
        parts.push(protocol.serialize.parse({ name, text: sql }));
      }
      parts.push(bindMessage(name, params.map(postgresText)));
      if (known[index] === undefined) parts.push(DESCRIBE_PORTAL);
      parts.push(EXECUTE);
    });
    parts.push(SYNC);
    const messages = await this.#exchange(concat(parts));
    // Each statement's answer comes in order, ending with its CommandComplete; a statement described
    // before gets its description back after its BindComplete.
    const answers: BackendMessage[] = [];
    let index = 0;
    for (const message of messages) {
      const name = names[index];
      switch (message.name) {
        case 'error':
          throw message;
        case 'parseComplete':
          if (!this.#prepared.has(name)) this.#prepared.set(name, undefined);
          break;
        case 'bindComplete':
          if (known[index]) answers.push(known[index] as BackendMessage);
          break;
        case 'noData':
          this.#prepared.set(name, null);
          break;
        case 'rowDescription':
          this.#prepared.set(name, message);
          answers.push(message);
          break;
        case 'commandComplete':
          answers.push(message);
          index++;
          break;
        default:
          answers.push(message);
      }
    }
    return parse.parseResults(answers, this.#db.parsers).map((result) => ({
      rows: result.rows,
      rowCount: (result as { rowCount?: number }).rowCount ?? result.rows.length,
    }));
  }
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
