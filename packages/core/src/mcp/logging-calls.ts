import type { LoggingMessageNotificationParams } from '@modelcontextprotocol/client';
import { randomId } from '../shared/random-id.ts';
import { sseRewriteMessages } from './sse-rewrite-messages.ts';

/** A server's log message, and the tag of the tool call whose response stream carried it, if one did. */
export interface AttributedLog {
  message: LoggingMessageNotificationParams;
  /** Absent when the message came on no call's stream (the standalone stream, stdio, the SSE transport). */
  loggingCall?: string;
}

/**
 * Which tool call a server's log message (`notifications/message`) came from, where the transport
 * tells: over Streamable HTTP, a message the server sends on the response stream of a call's own
 * POST (the server relates it to that request) is marked there with the call's tag, in its
 * `_meta`, under a key of this connection's that a server cannot guess; {@link read} takes the
 * mark off again in the handler. A message that arrives any other way is unmarked.
 */
export class LoggingCalls {
  readonly #key = `switchboard/call-${randomId()}`;

  /** Marks the log messages of an event stream (a call's POST response) as the call tagged `tag`'s. */
  marker(tag: string): TransformStream<Uint8Array, Uint8Array> {
    return sseRewriteMessages((data) => this.#mark(data, tag));
  }

  /** The message as the server sent it, and the tag of the call whose stream carried it, if any. */
  read(message: LoggingMessageNotificationParams): AttributedLog {
    const meta = message._meta;
    if (meta === undefined || !(this.#key in meta)) return { message };
    const { [this.#key]: tag, ...rest } = meta;
    const { _meta, ...plain } = message;
    const unmarked = Object.keys(rest).length > 0 ? { ...plain, _meta: rest } : plain;
    return typeof tag === 'string' ? { message: unmarked, loggingCall: tag } : { message: unmarked };
  }

  /** `data` with the mark of `tag` when it is a log message, else undefined (left as it came). */
  #mark(data: string, tag: string): string | undefined {
    // Most events are the call's result, often large: only a log message is worth parsing.
    if (!data.includes('notifications/message')) return undefined;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return undefined;
    }
    if (!isRecord(message) || message.method !== 'notifications/message' || !isRecord(message.params))
      return undefined;
    const { params } = message;
    if (params._meta !== undefined && !isRecord(params._meta)) return undefined;
    const meta = params._meta ?? {};
    return JSON.stringify({ ...message, params: { ...params, _meta: { ...meta, [this.#key]: tag } } });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
