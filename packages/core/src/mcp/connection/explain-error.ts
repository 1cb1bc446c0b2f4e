import {
  InsufficientScopeError,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { describeOversizedMessage } from '../wire/message-size-limit.ts';
import { McpConnectionError, type McpErrorKind } from './mcp-connection-error.ts';

/** Where and during what a failure happened. */
export interface FailureContext {
  /** The server's name. */
  server: string;
  /** Where the server is (URL, `stdio: node server.js`, `in-memory`). */
  where: string;
  /** `connect` for the handshake, `request` for anything after it. */
  phase: 'connect' | 'request';
  /** What was being done, e.g. `calling tool "echo"`, `listing tools`. */
  action: string;
  tool?: string;
  /** The timeout that applied, for timeout messages. */
  timeoutMs: number;
  /** The caller's signal: when it fired, the failure is a cancellation. */
  signal?: AbortSignal;
  /** Extra facts from the transport (e.g. the server's last stderr lines). */
  diagnostics?: string;
  /** The last message-level problem the transport reported (e.g. a line that is not JSON). */
  transportProblem?: string;
}

interface Explanation {
  kind: McpErrorKind;
  what: string;
  advice?: string;
}

const SNIPPET_LENGTH = 300;
/** Kinds that say more than `connect_failed` when the handshake fails. */
const KINDS_KEPT_AT_CONNECT: ReadonlySet<McpErrorKind> = new Set(['cancelled', 'closed', 'unauthorized']);
const CONNECT_ADVICE = 'Check that the server is running and that its address is right.';

/** Shortens server-provided text so an error message stays readable. */
export function snippet(text: string, length = SNIPPET_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

/**
 * Turns whatever an MCP request threw (SDK errors, JSON-RPC errors, fetch and spawn
 * failures, schema errors) into an {@link McpConnectionError} whose message names the
 * server, the action, what happened and what to do next.
 */
export function explainMcpError(error: unknown, context: FailureContext): McpConnectionError {
  if (error instanceof McpConnectionError) return error;
  const explanation = context.signal?.aborted ? explainCancel(context.signal) : explainCause(error, context);
  const kind =
    context.phase === 'connect' && !KINDS_KEPT_AT_CONNECT.has(explanation.kind)
      ? 'connect_failed'
      : explanation.kind;
  const parts = [
    `MCP server "${context.server}" (${context.where}): ${context.action} failed: ${explanation.what}.`,
  ];
  const advice = explanation.advice ?? (context.phase === 'connect' ? CONNECT_ADVICE : undefined);
  if (advice) parts.push(advice);
  if (context.transportProblem && explanation.kind === 'timeout') {
    parts.push(`The server also sent a message that is not valid JSON-RPC (${context.transportProblem}).`);
  }
  if (context.diagnostics && explanation.kind !== 'cancelled') parts.push(context.diagnostics);
  return new McpConnectionError(parts.join(' '), {
    kind,
    server: context.server,
    tool: context.tool,
    ...(error instanceof InsufficientScopeError && error.requiredScope
      ? { requiredScope: error.requiredScope }
      : {}),
    cause: error,
  });
}

function explainCancel(signal: AbortSignal): Explanation {
  const reason: unknown = signal.reason;
  const text = reason instanceof Error ? reason.message : reason === undefined ? 'aborted' : String(reason);
  return {
    kind: 'cancelled',
    what: `cancelled (${snippet(text, 120)})`,
    advice: 'The server was asked to stop.',
  };
}

function explainCause(error: unknown, context: FailureContext): Explanation {
  const oversized = describeOversizedMessage(error);
  if (oversized) return { kind: 'invalid_response', ...oversized };
  if (error instanceof InsufficientScopeError) {
    return {
      kind: 'unauthorized',
      what: `the server needs more access than was granted${error.requiredScope ? ` (scope "${snippet(error.requiredScope, 120)}")` : ''}`,
      advice: 'Connect (authorize) the server again to grant it.',
    };
  }
  if (error instanceof UnauthorizedError) {
    return {
      kind: 'unauthorized',
      what: 'the server requires authorization, and it has not been given (or was revoked)',
      advice: 'Connect (authorize) the server, then try again.',
    };
  }
  if (error instanceof SdkHttpError) return explainHttpStatus(error);
  if (error instanceof SdkError) return explainSdkError(error, context);
  if (error instanceof ProtocolError) {
    return {
      kind: 'server_error',
      what: `the server answered with JSON-RPC error ${error.code}: ${snippet(error.message)}`,
    };
  }
  if (error instanceof SyntaxError) {
    return {
      kind: 'invalid_response',
      what: `the server's answer is not valid JSON (${snippet(error.message, 160)})`,
    };
  }
  if (isSchemaError(error)) {
    return {
      kind: 'invalid_response',
      what: `the server sent a message that is not valid JSON-RPC (${describeSchemaError(error)})`,
    };
  }
  const network = explainNetworkError(error, context.phase);
  if (network) return network;
  const message = error instanceof Error ? error.message : String(error);
  if (/not connected/i.test(message)) return closedConnection('the connection was not open', context.phase);
  return { kind: 'failed', what: snippet(message) };
}

function explainSdkError(error: SdkError, context: FailureContext): Explanation {
  switch (error.code) {
    case SdkErrorCode.RequestTimeout: {
      const total = /maximum total timeout/i.test(error.message);
      return {
        kind: 'timeout',
        what: total
          ? 'still running after the maximum total time allowed (timed out)'
          : `no answer within ${context.timeoutMs} ms (timed out)`,
        advice:
          context.phase === 'connect'
            ? 'Check that the server is running and answers MCP requests.'
            : 'The server was asked to cancel the request. The tool may be stuck or slow: try again, simplify the request, or raise the timeout.',
      };
    }
    case SdkErrorCode.ConnectionClosed:
      return closedConnection(
        'the connection closed before the server answered (the server exited, crashed or dropped it)',
        context.phase,
      );
    case SdkErrorCode.NotConnected:
    case SdkErrorCode.SendFailed:
      return closedConnection('the connection was not open', context.phase);
    case SdkErrorCode.InvalidResult:
      return {
        kind: 'invalid_response',
        what: `the server's answer is not a valid MCP result (${snippet(error.message)})`,
      };
    default:
      return (
        explainNetworkError(causeOf(error), context.phase) ?? { kind: 'failed', what: snippet(error.message) }
      );
  }
}

function closedConnection(what: string, phase: FailureContext['phase']): Explanation {
  return {
    kind: 'connection_closed',
    what,
    advice:
      phase === 'connect'
        ? 'The server stopped during the handshake: check its command, arguments, environment and logs.'
        : 'The request may or may not have taken effect; the next request reconnects.',
  };
}

function explainHttpStatus(error: SdkHttpError): Explanation {
  const status = `HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ''}`;
  const body = typeof error.data.text === 'string' ? snippet(error.data.text, 200) : '';
  if (error.status === 404 && /session/i.test(body)) {
    return {
      kind: 'session_expired',
      what: `the server no longer knows this session (${status}; it probably restarted)`,
      advice: 'The next request reconnects.',
    };
  }
  const advice =
    error.status === 401 || error.status === 403
      ? 'Check the credentials (headers) configured for this server.'
      : error.status >= 500
        ? 'The server failed; try again later.'
        : error.status === 404 || error.status === 405
          ? 'Check that the URL points at an MCP endpoint.'
          : undefined;
  return { kind: 'http_error', what: body ? `${status}: ${body}` : status, advice };
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening at that address (connection refused)',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved (DNS lookup failed)',
  ECONNRESET: 'the server reset the connection',
  ETIMEDOUT: 'the network connection timed out',
  UND_ERR_SOCKET: 'the server closed the connection',
  UND_ERR_CONNECT_TIMEOUT: 'connecting to the server timed out',
};

function explainNetworkError(error: unknown, phase: FailureContext['phase']): Explanation | undefined {
  const code = errorCode(error);
  if (code === 'ENOENT' || code === 'EACCES') {
    return {
      kind: 'connect_failed',
      what: `the server command could not be started (${code}: ${snippet(messageOf(error), 160)})`,
      advice: 'Check the command and its path.',
    };
  }
  const isFetchFailure = error instanceof TypeError && /fetch failed|network/i.test(error.message);
  if (!isFetchFailure && !(code && code in NETWORK_CODES)) return undefined;
  const described = code && code in NETWORK_CODES ? NETWORK_CODES[code] : undefined;
  const cause = causeOf(error);
  const detail = cause ? messageOf(cause) : messageOf(error);
  return {
    kind: 'network_error',
    what: described ? `${described} (${snippet(detail, 120)})` : `network error (${snippet(detail, 160)})`,
    advice:
      phase === 'connect' || code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? CONNECT_ADVICE
        : 'The request may or may not have taken effect; the next request reconnects.',
  };
}

/** Describes a message the transport could not parse (not JSON, not JSON-RPC); `undefined` for other errors. */
export function describeMessageProblem(error: unknown): string | undefined {
  if (error instanceof SyntaxError) return `invalid JSON: ${snippet(error.message, 160)}`;
  if (isSchemaError(error)) return `schema mismatch: ${describeSchemaError(error)}`;
  return undefined;
}

/** The `code` of an error or of the error that caused it (Node system errors, undici errors). */
export function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; current = causeOf(current), depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
  }
  return undefined;
}

function causeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface SchemaIssue {
  path?: unknown[];
  message?: string;
}

function isSchemaError(error: unknown): error is Error & { issues: SchemaIssue[] } {
  return error instanceof Error && Array.isArray((error as { issues?: unknown }).issues);
}

function describeSchemaError(error: { issues: SchemaIssue[] }): string {
  const [first] = error.issues;
  if (!first) return 'schema mismatch';
  const path = Array.isArray(first.path) && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  return snippet(`${path}${first.message ?? 'invalid'}`, 160);
}
