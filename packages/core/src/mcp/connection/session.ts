import {
  type Client,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { errorCode } from './explain-error.ts';
import type { McpTransportKind } from './open-client.ts';
import { settleWithin } from './promise-timing.ts';

/** How long closing waits for the server to acknowledge the end of an HTTP session. */
const SESSION_TERMINATE_TIMEOUT_MS = 1_000;
/** Network errors that prove a request never left this machine. */
const UNSENT_NETWORK_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** One live connection to a server: the SDK client and the transport under it. */
export interface Session {
  client: Client;
  transport: Transport;
  kind: McpTransportKind;
  /** Set after a timeout: the next request first checks with a `ping` that the server still answers. */
  suspect?: boolean;
  verifying?: Promise<void>;
}

/**
 * Ends a session: optionally tells a Streamable HTTP server that the session is over
 * (bounded wait), then closes the client (which stops a stdio server process). Never rejects.
 */
export async function closeSession(session: Session, terminate: boolean): Promise<void> {
  const { transport } = session;
  if (terminate && transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
    await settleWithin(transport.terminateSession(), SESSION_TERMINATE_TIMEOUT_MS);
  }
  await session.client.close().catch(() => undefined);
}

/**
 * True when the error proves the request never reached the server (not connected, nothing
 * listening, or a session the server no longer knows), so repeating it on a new session is safe.
 */
export function neverSent(error: unknown): boolean {
  if (error instanceof SdkHttpError) {
    return error.status === 404 && /session/i.test(String(error.data.text ?? ''));
  }
  if (error instanceof SdkError) return error.code === SdkErrorCode.NotConnected;
  if (error instanceof Error && error.message === 'Not connected') return true;
  const code = errorCode(error);
  return code !== undefined && UNSENT_NETWORK_CODES.has(code);
}
