import type { Logger } from 'pino';
import type { Database } from '../storage/database.ts';
import { type MigrationStatus, migrationStatus } from '../storage/migration-status.ts';

/** Why a replica should get no new requests. */
export type NotReadyReason = 'draining' | 'migrating' | 'schema_outdated' | 'database_unreachable';

/** What `GET /ready` answers. */
export type ReadinessAnswer = { ready: true } | { ready: false; reason: NotReadyReason; message: string };

/** How {@link Readiness} checks the database. */
export interface ReadinessOptions {
  /** How long the database has to answer before the replica counts as not ready (ms, default 2 000). */
  timeoutMs?: number;
  /** How long an answer is reused, so probes from anywhere cost the database at most one query per period (ms, default 1 000). */
  cacheMs?: number;
  /** Reads the migration status (default: {@link migrationStatus} on the database). */
  status?: () => Promise<MigrationStatus>;
  /** Told why the database check failed, once per outage (the answer, open to any host, does not say). */
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Whether this replica should receive new requests: not while it drains (after SIGTERM), while a
 * migration runs (any replica holds or waits for the migration lock), when the schema is older than
 * this gateway's migrations, or when the database does not answer within the timeout. Probes that
 * arrive together share one check, and an answer is reused for `cacheMs`. An answer names the
 * reason only; why the database failed goes to the log.
 */
export class Readiness {
  readonly #status: () => Promise<MigrationStatus>;
  readonly #timeoutMs: number;
  readonly #cacheMs: number;
  readonly #logger?: Pick<Logger, 'warn'>;
  #draining = false;
  #checking?: Promise<ReadinessAnswer>;
  #last?: { at: number; answer: ReadinessAnswer };

  constructor(db: Database, options: ReadinessOptions = {}) {
    this.#status = options.status ?? (() => migrationStatus(db));
    this.#timeoutMs = options.timeoutMs ?? 2_000;
    this.#cacheMs = options.cacheMs ?? 1_000;
    this.#logger = options.logger;
  }

  /** From now on the replica answers not ready (`draining`): it is shutting down. */
  drain(): void {
    this.#draining = true;
  }

  /** Whether {@link drain} was called. */
  get draining(): boolean {
    return this.#draining;
  }

  /** The current answer (checked at most once per `cacheMs`). */
  async check(): Promise<ReadinessAnswer> {
    if (this.#draining)
      return {
        ready: false,
        reason: 'draining',
        message: 'this replica is shutting down and finishing its turns',
      };
    if (this.#last && Date.now() - this.#last.at < this.#cacheMs) return this.#last.answer;
    this.#checking ??= this.#checkDatabase().then((answer) => {
      this.#last = { at: Date.now(), answer };
      this.#checking = undefined;
      return answer;
    });
    return this.#checking;
  }

  async #checkDatabase(): Promise<ReadinessAnswer> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.#timeoutMs} ms`)), this.#timeoutMs);
    });
    try {
      const status = await Promise.race([this.#status(), timeout]);
      if (status.running)
        return { ready: false, reason: 'migrating', message: 'a gateway is migrating the database schema' };
      if (status.applied < status.latest)
        return {
          ready: false,
          reason: 'schema_outdated',
          message: `the database schema is at migration ${status.applied}; this gateway needs ${status.latest}`,
        };
      return { ready: true };
    } catch (error) {
      if (this.#last?.answer.ready !== false || this.#last.answer.reason !== 'database_unreachable')
        this.#logger?.warn({ err: error }, 'readiness: the database did not answer the check');
      return {
        ready: false,
        reason: 'database_unreachable',
        message: `the database did not answer within ${this.#timeoutMs} ms`,
      };
    } finally {
      clearTimeout(timer);
    }
  }
}
