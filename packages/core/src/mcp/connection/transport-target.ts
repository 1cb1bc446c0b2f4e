import type { McpTransportConfig } from './connection-options.ts';
import type { ClientTarget } from './open-client.ts';

/** A transport config resolved for connecting: the target, and how to name it in messages. */
export interface ResolvedTarget {
  target: ClientTarget;
  /** Where the server is, for error messages (URL, `in-memory`, the custom label). */
  where: string;
  /** Extra facts for error messages, from custom transports. */
  diagnostics?: () => string | undefined;
}

/** Validates a transport config (URLs) and turns it into a connect target. Throws on bad input. */
export function resolveTarget(config: McpTransportConfig): ResolvedTarget {
  switch (config.type) {
    case 'http':
      return {
        target: { type: 'http', url: toUrl(config.url), sseFallback: config.sseFallback ?? true },
        where: String(config.url),
      };
    case 'sse':
      return { target: { type: 'sse', url: toUrl(config.url) }, where: String(config.url) };
    case 'custom':
      return {
        target: { type: 'factory', kind: 'custom', create: async () => config.create() },
        where: config.label,
        diagnostics: config.diagnostics,
      };
    case 'in-memory':
      return {
        target: { type: 'factory', kind: 'in-memory', create: inMemoryFactory(config) },
        where: 'in-memory',
      };
  }
}

/** A single transport can be handed out once; a factory makes a new one for every connect. */
function inMemoryFactory(config: Extract<McpTransportConfig, { type: 'in-memory' }>) {
  const { transport } = config;
  if (typeof transport === 'function') return async () => transport();
  let used = false;
  return async () => {
    if (used) {
      throw new Error(
        'the in-memory transport was closed and cannot be reopened (pass a factory function as `transport` to allow reconnects)',
      );
    }
    used = true;
    return transport;
  };
}

function toUrl(url: string | URL): URL {
  try {
    return new URL(url);
  } catch {
    throw new TypeError(`McpConnection: invalid server URL ${JSON.stringify(String(url))}.`);
  }
}
