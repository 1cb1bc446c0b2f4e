/** Receives the messages published on a channel. */
export type BusListener = (message: string) => void;

/**
 * Messages between the gateway's replicas: "new stream events were stored", "stop this turn", "the
 * server registry changed". Delivery is best effort (a missed message is made up by polling), so it
 * never carries data that exists nowhere else.
 */
export interface GatewayBus {
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is active; returns the unsubscribe function. */
  subscribe(channel: string, listener: BusListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The channel announcing newly stored stream events of a conversation (message: the last seq). */
export function eventsChannel(conversationId: string): string {
  return `events:${conversationId}`;
}

/** The channel of gateway-wide control messages (see {@link ControlMessage}). */
export const CONTROL_CHANNEL = 'control';

/** A gateway-wide control message. */
export type ControlMessage =
  | { type: 'stop'; conversationId: string }
  | { type: 'question-answered'; requestId: string }
  | { type: 'servers-changed' }
  | ServerListChangedMessage
  | { type: 'settings-changed' }
  | { type: 'users-changed' };

/**
 * A replica's connection heard a server announce a list change (`userId`: on that user's own
 * connection). The other replicas list again on theirs and tell their `/mcp` clients if they find
 * it (the origin ignores its own message).
 */
export interface ServerListChangedMessage {
  type: 'server-list-changed';
  /** The replica that heard it. */
  origin: string;
  serverId: string;
  list: 'tools' | 'resources' | 'prompts';
  userId?: string;
}
