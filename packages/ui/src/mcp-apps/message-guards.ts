import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/** The parts of a `message` event the guards look at. */
export interface IncomingMessage {
  source: MessageEventSource | null;
  origin: string;
  data: unknown;
}

/** The origin of a sandboxed frame without `allow-same-origin` (an opaque origin), as `event.origin` gives it. */
export const OPAQUE_ORIGIN = 'null';

/**
 * Whether a message comes from the expected window AND the expected origin. Both are checked: the
 * window says which frame sent it, the origin says which document was in that frame when it did.
 */
export function isMessageFrom(
  event: IncomingMessage,
  source: MessageEventSource | null | undefined,
  origin: string,
): boolean {
  return source !== null && source !== undefined && event.source === source && event.origin === origin;
}

/** Whether a value is a JSON-RPC 2.0 request, notification or response (the only messages MCP Apps exchange). */
export function isJsonRpcMessage(data: unknown): data is JSONRPCMessage {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const message = data as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return false;
  if (typeof message.method === 'string') return true;
  const id = message.id;
  return (typeof id === 'string' || typeof id === 'number') && ('result' in message || 'error' in message);
}

/** The method of a JSON-RPC request or notification (undefined for responses and other values). */
export function methodOf(data: unknown): string | undefined {
  return isJsonRpcMessage(data) && 'method' in data && typeof data.method === 'string'
    ? data.method
    : undefined;
}
