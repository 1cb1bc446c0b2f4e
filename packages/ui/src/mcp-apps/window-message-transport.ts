import type { JSONRPCMessage, MessageExtraInfo, Transport } from '@modelcontextprotocol/client';
import type { IncomingMessage } from './message-guards.ts';
import { isJsonRpcMessage, isMessageFrom } from './message-guards.ts';

/** Where a {@link WindowMessageTransport} listens (the host page's `window`). */
export interface MessageListenerTarget {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Options of a {@link WindowMessageTransport}. */
export interface WindowMessageTransportOptions {
  /** The peer's window (the sandbox proxy frame's `contentWindow`), looked up on every message. */
  peer: () => Window | null | undefined;
  /** The peer's origin: messages are sent only to it and accepted only from it. */
  peerOrigin: string;
  /** Where `message` events arrive. */
  listenOn: MessageListenerTarget;
}

/**
 * An MCP transport over `postMessage` between the host page and the sandbox proxy frame. Unlike a
 * transport that posts to `*` and checks only the sender window, it posts only to the peer's origin
 * and drops every message whose `event.source` is not the peer window or whose `event.origin` is not
 * the peer origin, and every message that is not JSON-RPC.
 */
export class WindowMessageTransport implements Transport {
  readonly #options: WindowMessageTransportOptions;
  #listening = false;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(options: WindowMessageTransportOptions) {
    if (!/^https?:\/\/[^/]+$/.test(options.peerOrigin))
      throw new TypeError(
        `WindowMessageTransport: peerOrigin must be an http(s) origin, got "${options.peerOrigin}"`,
      );
    this.#options = options;
  }

  readonly #listener = (event: MessageEvent) => this.receive(event);

  /** Handles one `message` event (the listener added by {@link start}). */
  receive(event: IncomingMessage): void {
    if (!isMessageFrom(event, this.#options.peer(), this.#options.peerOrigin)) return;
    if (!isJsonRpcMessage(event.data)) {
      this.onerror?.(
        new Error('the MCP App sandbox sent a message that is not JSON-RPC 2.0; it was dropped'),
      );
      return;
    }
    this.onmessage?.(event.data);
  }

  async start(): Promise<void> {
    if (this.#listening) return;
    this.#listening = true;
    this.#options.listenOn.addEventListener('message', this.#listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const peer = this.#options.peer();
    if (!peer) throw new Error('the MCP App sandbox frame is gone; the message was not sent');
    peer.postMessage(message, this.#options.peerOrigin);
  }

  async close(): Promise<void> {
    if (this.#listening) this.#options.listenOn.removeEventListener('message', this.#listener);
    this.#listening = false;
    this.onclose?.();
  }
}
