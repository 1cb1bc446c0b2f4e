import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { McpCustomTransportConfig } from '../../src/mcp/connection/connection-options.ts';

/** One message that crossed a recorded transport. */
export interface RecordedMessage {
  direction: 'sent' | 'received';
  message: JSONRPCMessage;
}

/**
 * The same transport config, with every message it carries (both ways) appended to `log`.
 * Received messages for which `drop` is true are recorded but never reach the client.
 */
export function recordingTransport(
  config: McpCustomTransportConfig,
  log: RecordedMessage[],
  drop: (message: JSONRPCMessage) => boolean = () => false,
): McpCustomTransportConfig {
  return {
    ...config,
    create: async () => {
      const transport: Transport = await config.create();
      const send = transport.send.bind(transport);
      transport.send = (message, options) => {
        log.push({ direction: 'sent', message });
        return send(message, options);
      };
      let receive: Transport['onmessage'];
      Object.defineProperty(transport, 'onmessage', {
        configurable: true,
        get: () => receive,
        set: (handler: Transport['onmessage']) => {
          receive = handler
            ? (message, extra) => {
                log.push({ direction: 'received', message });
                if (!drop(message)) handler(message, extra);
              }
            : undefined;
        },
      });
      return transport;
    },
  };
}

/** The `params` of the requests of one method sent through a recorded transport. */
export function sentRequests(log: readonly RecordedMessage[], method: string): unknown[] {
  return log.flatMap(({ direction, message }) =>
    direction === 'sent' && 'method' in message && message.method === method && 'id' in message
      ? [message.params]
      : [],
  );
}

/** What the server answered (result or error) to the request of `method` about task `taskId`. */
export function answerTo(log: readonly RecordedMessage[], method: string, taskId: string): unknown {
  const request = log.find(
    ({ direction, message }) =>
      direction === 'sent' &&
      'method' in message &&
      message.method === method &&
      (message.params as { taskId?: string } | undefined)?.taskId === taskId,
  )?.message;
  if (!request || !('id' in request)) return undefined;
  const answer = log.find(
    ({ direction, message }) => direction === 'received' && 'id' in message && message.id === request.id,
  )?.message;
  return answer && 'result' in answer
    ? answer.result
    : answer && 'error' in answer
      ? answer.error
      : undefined;
}
