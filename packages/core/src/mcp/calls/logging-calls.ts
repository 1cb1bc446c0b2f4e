import type { LoggingMessageNotificationParams } from '@modelcontextprotocol/client';
import { isPlainObject } from '../../shared/is-plain-object.ts';
import { randomId } from '../../shared/random-id.ts';

/** A server's log message, and the tag of the tool call whose response stream carried it, if one did. */
export interface AttributedLog {
  message: LoggingMessageNotificationParams;
  /** Absent when the message came on no call's stream (the standalone stream, stdio, the SSE transport). */
  loggingCall?: string;
}

/**
 * Which tool call a server's log message (`notifications/message`) came from, where the transport
 * tells: over Streamable HTTP, a message the server sends on the response stream of a call's own
 * POST (the server relates it to that request) is marked there ({@link mark}) with the call's tag, in its
 * `_meta`, under a key of this connection's that a server cannot guess; {@link read} takes the
 * mark off again in the handler. A message that arrives any other way is unmarked.
 */
export class LoggingCalls {
  readonly #key = `switchboard/call-${randomId()}`;

  /** The message as the server sent it, and the tag of the call whose stream carried it, if any. */
  read(message: LoggingMessageNotificationParams): AttributedLog {
    const meta = message._meta;
    if (meta === undefined || !(this.#key in meta)) return { message };
    const { [this.#key]: tag, ...rest } = meta;
    const { _meta, ...plain } = message;
    const unmarked = Object.keys(rest).length > 0 ? { ...plain, _meta: rest } : plain;
    return typeof tag === 'string' ? { message: unmarked, loggingCall: tag } : { message: unmarked };
  }

  /**
   * The data of an event carrying `message` (a parsed JSON-RPC message on the response stream of
   * the call tagged `tag`) marked as that call's when it is a log message, else undefined (the
   * event stays as it came).
   */
  mark(message: unknown, tag: string): string | undefined {
    if (
      !isPlainObject(message) ||
      message.method !== 'notifications/message' ||
      !isPlainObject(message.params)
    )
      return undefined;
    const { params } = message;
    if (params._meta !== undefined && !isPlainObject(params._meta)) return undefined;
    const meta = params._meta ?? {};
    return JSON.stringify({ ...message, params: { ...params, _meta: { ...meta, [this.#key]: tag } } });
  }
}
