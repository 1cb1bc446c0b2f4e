import type { BusListener, GatewayBus } from './gateway-bus.ts';

/** The bus of a single gateway process: listeners are called in the same process. */
export function createMemoryBus(): GatewayBus {
  const channels = new Map<string, Set<BusListener>>();
  return {
    async publish(channel, message) {
      for (const listener of [...(channels.get(channel) ?? [])]) {
        try {
          listener(message);
        } catch {
          // One listener's failure must not stop the others.
        }
      }
    },
    async subscribe(channel, listener) {
      const listeners = channels.get(channel) ?? new Set<BusListener>();
      channels.set(channel, listeners);
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        if (listeners.size === 0) channels.delete(channel);
      };
    },
    async close() {
      channels.clear();
    },
  };
}
