import {
  InsufficientScopeError,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
import { explainMcpError, type FailureContext } from './explain-error.ts';

const context: FailureContext = {
  server: 'weather',
  where: 'https://weather.example/mcp',
  phase: 'request',
  action: 'calling tool "forecast"',
  tool: 'forecast',
  timeoutMs: 500,
};
const prefix = 'MCP server "weather" (https://weather.example/mcp): calling tool "forecast" failed:';

describe('explainMcpError', () => {
  test('timeouts name the limit', () => {
    const error = explainMcpError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), context);
    expect(error).toMatchObject({ kind: 'timeout', server: 'weather', tool: 'forecast' });
    expect(error.message).toContain(`${prefix} no answer within 500 ms (timed out).`);
  });

  test('a server that wants authorization says so, also during the handshake, and says to connect it', () => {
    const error = explainMcpError(new UnauthorizedError(), {
      ...context,
      phase: 'connect',
      action: 'connecting',
    });
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toContain('requires authorization');
    expect(error.message).toContain('Connect (authorize) the server');
  });

  test('a token without the scope a tool needs names the scope', () => {
    const error = explainMcpError(new InsufficientScopeError({ requiredScope: 'repo:write' }), context);
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toContain('scope "repo:write"');
    expect(error.requiredScope).toBe('repo:write');
  });

  test('an aborted signal is a cancellation, whatever the SDK threw', () => {
    const controller = new AbortController();
    controller.abort(new Error('user pressed stop'));
    const error = explainMcpError(new SdkError(SdkErrorCode.RequestTimeout, 'x'), {
      ...context,
      signal: controller.signal,
    });
    expect(error.kind).toBe('cancelled');
    expect(error.message).toContain(`${prefix} cancelled (user pressed stop).`);
  });

  test('JSON-RPC errors carry their code and message', () => {
    const error = explainMcpError(new ProtocolError(-32602, 'Tool forecast not found'), context);
    expect(error.kind).toBe('server_error');
    expect(error.message).toContain('JSON-RPC error -32602');
    expect(error.message).toContain('Tool forecast not found');
  });

  test('HTTP errors carry status and body; auth errors point at the credentials', () => {
    const error = explainMcpError(
      new SdkHttpError(SdkErrorCode.ClientHttpAuthentication, 'x', {
        status: 401,
        statusText: 'Unauthorized',
        text: 'bad key',
      }),
      context,
    );
    expect(error.kind).toBe('http_error');
    expect(error.message).toContain('HTTP 401 Unauthorized: bad key');
    expect(error.message).toContain('Check the credentials');
  });

  test('network failures say what happened to the socket', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    const error = explainMcpError(refused, { ...context, phase: 'connect', action: 'connecting' });
    expect(error.kind).toBe('connect_failed');
    expect(error.message).toContain('nothing is listening at that address');
  });

  test('diagnostics and message-level problems are appended', () => {
    const error = explainMcpError(new SdkError(SdkErrorCode.RequestTimeout, 'x'), {
      ...context,
      diagnostics: 'Server stderr (last lines): boom',
      transportProblem: 'invalid JSON: Unexpected token',
    });
    expect(error.message).toContain('not valid JSON-RPC (invalid JSON: Unexpected token)');
    expect(error.message).toMatch(/Server stderr \(last lines\): boom$/);
  });
});
