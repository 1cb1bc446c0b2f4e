import type { McpConnectionOptions } from './connection-options.ts';

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/** The timeouts of a connection, in ms. */
export interface ConnectionTimeouts {
  /** Per-request timeout (a tool call's is reset by progress notifications). */
  timeoutMs: number;
  /** Time allowed to connect and finish the handshake. */
  connectTimeoutMs: number;
}

/**
 * The connection's timeouts from its options, defaults filled in. Throws a `RangeError` for the
 * first of `timeoutMs`, `connectTimeoutMs` and `maxTotalTimeoutMs` given that is not a positive number.
 */
export function resolveConnectionTimeouts(options: McpConnectionOptions): ConnectionTimeouts {
  const timeoutMs = positive(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const connectTimeoutMs = positive(options.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS, 'connectTimeoutMs');
  if (options.maxTotalTimeoutMs !== undefined) positive(options.maxTotalTimeoutMs, 0, 'maxTotalTimeoutMs');
  return { timeoutMs, connectTimeoutMs };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(
      `McpConnection: \`${name}\` must be a positive number of milliseconds, got ${value}.`,
    );
  }
  return value;
}
