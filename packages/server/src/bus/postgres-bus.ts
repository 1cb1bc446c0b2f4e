import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Queryable } from '../storage/database.ts';
import type { BusListener, GatewayBus } from './gateway-bus.ts';

/** Options of {@link createPostgresBus}. */
export interface PostgresBusOptions {
  /** A new, unconnected client for the bus's own connection, which LISTEN holds. */
  newClient: () => pg.Client;
  /** Where messages are sent (`SELECT pg_notify`): the database's pool. */
  publisher: Queryable;
  /** Prefix of every channel; one per deployment (the gateway's: `switchboard:<schema>:`). */
  prefix: string;
  /** Told once when the connection drops and once when it is back. */
  logger?: { warn(message: string): void; info(message: string): void };
  /** First wait before reconnecting (ms, default 100); doubled after each failure, up to 5 s. */
  reconnectDelayMs?: number;
}

/** NOTIFY payloads must be shorter than this many bytes (PostgreSQL's default build). */
export const MAX_NOTIFY_PAYLOAD_BYTES = 8000;

/** PostgreSQL's identifiers, channel names among them, hold at most this many bytes. */
const MAX_CHANNEL_BYTES = 63;

const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * A bus over PostgreSQL's LISTEN/NOTIFY, for replicas that share a PostgreSQL database but no
 * Redis. Same semantics as the Redis bus: a message reaches every subscriber of its channel on
 * every bus with the same prefix, the publisher's own included, as the text it was sent as.
 *
 * Publishes with `SELECT pg_notify($1, $2)` on `publisher`; listens on a connection of its own,
 * which it opens again when it drops (LISTENing on every channel again; what was sent meanwhile is
 * lost, as the bus's delivery is best effort). A message must be shorter than 8000 bytes (NOTIFY's
 * limit): the gateway's are ids and sequence numbers, so a longer one is refused with an error
 * rather than stored elsewhere. Channel names longer than 63 bytes are shortened with a hash of
 * the whole name, so that long names stay distinct.
 */
export async function createPostgresBus(options: PostgresBusOptions): Promise<GatewayBus> {
  const bus = new PostgresBus(options);
  await bus.connect();
  return bus;
}

class PostgresBus implements GatewayBus {
  readonly #options: PostgresBusOptions;
  /** Listeners by PostgreSQL channel name. */
  readonly #channels = new Map<string, Set<BusListener>>();
  /** The first LISTEN on a channel, while under way (later subscribers wait for it too). */
  readonly #listening = new Map<string, Promise<void>>();
  /** The connected client, LISTENing on every channel; undefined while reconnecting. */
  #current: pg.Client | undefined;
  /** The connected client, or the next one while reconnecting. */
  #ready: Promise<pg.Client> = Promise.reject(new Error('the PostgreSQL bus is not connected'));
  /** Settles {@link #ready} while reconnecting. */
  #next: { resolve(client: pg.Client): void; reject(error: Error): void } | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  /** The LISTEN connection's statements, one at a time (node-postgres wants them sent in turn). */
  #statements: Promise<unknown> = Promise.resolve();

  constructor(options: PostgresBusOptions) {
    this.#options = options;
    this.#ready.catch(() => undefined);
  }

  async connect(): Promise<void> {
    const client = await this.#open();
    this.#current = client;
    this.#ready = Promise.resolve(client);
  }

  async publish(channel: string, message: string): Promise<void> {
    const bytes = Buffer.byteLength(message);
    if (bytes >= MAX_NOTIFY_PAYLOAD_BYTES) {
      throw new Error(
        `bus message on "${channel}" is ${bytes} bytes; PostgreSQL NOTIFY carries fewer than ${MAX_NOTIFY_PAYLOAD_BYTES}`,
      );
    }
    await this.#options.publisher.query('SELECT pg_notify($1, $2)', [
      channelName(this.#options.prefix + channel),
      message,
    ]);
  }

  async subscribe(channel: string, listener: BusListener): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error('the PostgreSQL bus is closed');
    const name = channelName(this.#options.prefix + channel);
    let listeners = this.#channels.get(name);
    if (!listeners) {
      listeners = new Set();
      this.#channels.set(name, listeners);
      const listening = this.#listen(name);
      this.#listening.set(name, listening);
      try {
        await listening;
      } catch (error) {
        if (this.#channels.get(name) === listeners && listeners.size === 0) this.#channels.delete(name);
        throw error;
      } finally {
        if (this.#listening.get(name) === listening) this.#listening.delete(name);
      }
    } else {
      await this.#listening.get(name);
    }
    listeners.add(listener);
    const current = listeners;
    return async () => {
      current.delete(listener);
      if (current.size === 0 && this.#channels.get(name) === current) {
        this.#channels.delete(name);
        const client = this.#current;
        if (client) await this.#run(client, `UNLISTEN ${pg.escapeIdentifier(name)}`).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#channels.clear();
    clearTimeout(this.#retry);
    this.#next?.reject(new Error('the PostgreSQL bus is closed'));
    const client = this.#current;
    this.#current = undefined;
    await client?.end().catch(() => undefined);
  }

  /**
   * LISTENs on `name` on the current connection. Should that fail (the connection dropped, or is
   * unusable), the connection is replaced, and the next one LISTENs on every channel, this one
   * included.
   */
  async #listen(name: string): Promise<void> {
    const client = await this.#ready;
    try {
      await this.#run(client, `LISTEN ${pg.escapeIdentifier(name)}`);
    } catch (error) {
      this.#lost(client, error as Error);
      await this.#ready;
    }
  }

  /** Runs `sql` on `client` after the statements sent before it. */
  #run(client: pg.Client, sql: string): Promise<unknown> {
    const result = this.#statements.then(() => client.query(sql));
    this.#statements = result.catch(() => undefined);
    return result;
  }

  /** Connects a new client and LISTENs on every channel. */
  async #open(): Promise<pg.Client> {
    const client = this.#options.newClient();
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client));
    client.on('notification', ({ channel, payload }) => {
      if (client !== this.#current) return;
      for (const listener of [...(this.#channels.get(channel) ?? [])]) {
        try {
          listener(payload ?? '');
        } catch {
          // One listener's failure must not stop the others.
        }
      }
    });
    try {
      await client.connect();
      for (const name of this.#channels.keys())
        await this.#run(client, `LISTEN ${pg.escapeIdentifier(name)}`);
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /**
   * The current connection dropped: opens another, waiting longer after each failure, and tells the
   * logger once when it drops and once when it is back. Subscribers wait for it meanwhile.
   */
  #lost(client: pg.Client, error?: Error): void {
    if (client !== this.#current || this.#closed) return;
    this.#current = undefined;
    void client.end().catch(() => undefined);
    this.#options.logger?.warn(
      `the bus's PostgreSQL connection dropped${error ? ` (${error.message})` : ''}; reconnecting`,
    );
    this.#ready = new Promise((resolve, reject) => {
      this.#next = { resolve, reject };
    });
    this.#ready.catch(() => undefined);
    let delay = this.#options.reconnectDelayMs ?? 100;
    const attempt = () => {
      this.#retry = undefined;
      if (this.#closed) return;
      this.#open().then(
        (next) => {
          if (this.#closed) {
            void next.end().catch(() => undefined);
            return;
          }
          this.#current = next;
          this.#next?.resolve(next);
          this.#next = undefined;
          this.#options.logger?.info(
            `the bus's PostgreSQL connection is back, listening on ${this.#channels.size} channels`,
          );
        },
        () => {
          delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
          if (!this.#closed) this.#retry = setTimeout(attempt, delay);
        },
      );
    };
    this.#retry = setTimeout(attempt, delay);
  }
}

/**
 * The PostgreSQL channel of a bus channel: the name itself when it fits in 63 bytes, else its start
 * and a hash of all of it. Always passed quoted or as a parameter, so case and punctuation are kept.
 */
export function channelName(channel: string): string {
  if (Buffer.byteLength(channel) <= MAX_CHANNEL_BYTES) return channel;
  const hash = createHash('sha256').update(channel).digest('hex').slice(0, 16);
  let start = '';
  for (const char of channel) {
    if (Buffer.byteLength(start + char) > MAX_CHANNEL_BYTES - hash.length - 1) break;
    start += char;
  }
  return `${start}#${hash}`;
}
