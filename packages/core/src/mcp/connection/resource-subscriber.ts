import { type McpSubscription, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { SessionKeeper } from './session-keeper.ts';

/**
 * A connection's subscriptions to resource updates: `resources/subscribe` in the 2025 protocols,
 * one `subscriptions/listen` stream per URI in 2026-07-28.
 */
export class ResourceSubscriber {
  readonly #sessions: SessionKeeper;
  /** Protocol 2026-07-28 resource subscriptions: one `subscriptions/listen` stream per URI. */
  readonly #listens = new Map<string, McpSubscription>();

  constructor(sessions: SessionKeeper) {
    this.#sessions = sessions;
  }

  /** Asks the server to announce the resource's updates. */
  async subscribe(uri: string, signal: AbortSignal | undefined): Promise<void> {
    await this.#sessions.ask(`subscribing to resource "${uri}"`, signal, async (client, options) => {
      try {
        await client.subscribeResource({ uri }, options);
      } catch (error) {
        if (!(error instanceof SdkError && error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion))
          throw error;
        if (this.#listens.has(uri)) return;
        // The stream outlives this request, so the caller's signal does not end it; unsubscribing does.
        const listening = await client.listen({ resourceSubscriptions: [uri] }, { timeout: options.timeout });
        this.#listens.set(uri, listening);
      }
    });
  }

  /** Ends a {@link subscribe} subscription. */
  async unsubscribe(uri: string, signal: AbortSignal | undefined): Promise<void> {
    const listening = this.#listens.get(uri);
    if (listening) {
      this.#listens.delete(uri);
      await listening.close();
      return;
    }
    await this.#sessions.ask(`unsubscribing from resource "${uri}"`, signal, (client, options) =>
      client.unsubscribeResource({ uri }, options),
    );
  }

  /** Ends every `subscriptions/listen` stream, ignoring failures. */
  async close(): Promise<void> {
    const listens = [...this.#listens.values()];
    this.#listens.clear();
    await Promise.all(listens.map((listening) => listening.close().catch(() => undefined)));
  }
}
