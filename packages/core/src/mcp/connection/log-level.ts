import type { Client, LoggingLevel } from '@modelcontextprotocol/client';
import { snippet } from './explain-error.ts';

/** How {@link setLegacyLogLevel} sends the level and where it reports a server that refused it. */
export interface LegacyLogLevelOptions {
  /** The server's name, for the warning. */
  server: string;
  timeout: number;
  signal?: AbortSignal;
  /** Receives the line saying the server refused the level; default `console.warn`. */
  warn?: (message: string) => void;
}

/**
 * Asks a 2025-era server, once after the handshake, for the least severe log message it sends
 * (`logging/setLevel`): without it such a server sends every line it logs, debug included. Sent
 * only when the connection asks a level (`askedLogLevel`: someone receives its log messages) and
 * the server declares the `logging` capability; a 2026-07-28 connection asks on every request
 * instead (`CallAwareClient`). A server that fails the request keeps the connection: the failure
 * is reported to `warn`, and the server goes on logging at its own level.
 */
export async function setLegacyLogLevel(
  client: Client,
  level: LoggingLevel | undefined,
  options: LegacyLogLevelOptions,
): Promise<void> {
  if (level === undefined || client.getProtocolEra() !== 'legacy') return;
  if (!client.getServerCapabilities()?.logging) return;
  try {
    await client.request(
      { method: 'logging/setLevel', params: { level } },
      { timeout: options.timeout, signal: options.signal },
    );
  } catch (error) {
    if (options.signal?.aborted) return; // the connection is being closed: nothing was refused
    const reason = snippet(error instanceof Error ? error.message : String(error), 160);
    const warn = options.warn ?? ((message: string) => console.warn(message));
    warn(
      `MCP server "${options.server}" refused log level ${level} (logging/setLevel: ${reason}); it sends its log messages at its own level.`,
    );
  }
}
