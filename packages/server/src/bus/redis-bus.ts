import type { Redis } from 'ioredis';
import type { BusListener, GatewayBus } from './gateway-bus.ts';

/**
 * A bus over Redis pub/sub, shared by every replica using the same Redis and key prefix. Publishes
 * on `redis`; subscribes on a duplicate connection (a subscribed connection can do nothing else).
 */
export async function createRedisBus(redis: Redis, prefix: string): Promise<GatewayBus> {
  const subscriber = redis.duplicate();
  const channels = new Map<string, Set<BusListener>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const listener of [...(channels.get(channel) ?? [])]) {
      try {
        listener(message);
      } catch {
        // One listener's failure must not stop the others.
      }
    }
  });
  return {
    async publish(channel, message) {
      await redis.publish(prefix + channel, message);
    },
    async subscribe(channel, listener) {
      const key = prefix + channel;
      let listeners = channels.get(key);
      if (!listeners) {
        listeners = new Set();
        channels.set(key, listeners);
        await subscriber.subscribe(key);
      }
      listeners.add(listener);
      const current = listeners;
      return async () => {
        current.delete(listener);
        if (current.size === 0 && channels.get(key) === current) {
          channels.delete(key);
          await subscriber.unsubscribe(key).catch(() => undefined);
        }
      };
    },
    async close() {
      channels.clear();
      subscriber.disconnect();
    },
  };
}
