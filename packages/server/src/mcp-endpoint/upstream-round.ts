import {
  type CallToolResult,
  type InputRequiredResult,
  type InputResponses,
  isInputRequiredResult,
  ProtocolError,
} from '@modelcontextprotocol/server';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { CallServerRequests, ToolProgress } from '@switchboard/core';
import type { User } from '../auth/user.ts';
import { asCaller } from '../upstream/caller-identity.ts';
import type { EndpointTool } from './endpoint-catalog.ts';

/** What one round of a call to a 2026-07-28 server came to. */
export type RoundOutcome =
  | { kind: 'result'; result: CallToolResult }
  | { kind: 'input'; input: InputRequiredResult }
  | {
      kind: 'failed';
      /** The error the round failed with (the connection's, naming the server and tool). */
      error: unknown;
      /** The JSON-RPC error the server answered with, when it answered one. */
      protocol?: { code: number; message: string; data?: unknown };
    };

/** What a round sends the server besides the call: the answers, the server's state, the client's capabilities. */
export interface RoundInput {
  inputResponses?: InputResponses;
  serverState?: string;
  clientCapabilities: Record<string, unknown>;
}

/** Where a round's progress and the server's log messages go while someone listens (a request's response). */
export interface RoundListener {
  signal: AbortSignal;
  onProgress?: (progress: ToolProgress) => void;
  onLog?: NonNullable<CallServerRequests['onLog']>;
}

const tracer = trace.getTracer('@switchboard/server', '0.1.0');

/**
 * One round of a user's call to a 2026-07-28 server through their own connection (with the caller
 * identity shipped servers key their data on, in an OTel span): the server's result, its next
 * questions as it asked them, or why it failed. Never rejects.
 */
export function upstreamRound(
  user: User,
  tool: EndpointTool,
  args: Record<string, unknown>,
  input: RoundInput,
  listener: RoundListener,
): Promise<RoundOutcome> {
  return tracer.startActiveSpan('mcp_endpoint.tools_call', async (span): Promise<RoundOutcome> => {
    span.setAttributes({ 'mcp.server': tool.serverName, 'mcp.tool': tool.tool.name, 'enduser.id': user.id });
    try {
      const result = await asCaller(user.id, () =>
        tool.connection.callToolRound(
          tool.tool.name,
          args,
          {
            ...(input.inputResponses ? { inputResponses: input.inputResponses } : {}),
            ...(input.serverState !== undefined ? { requestState: input.serverState } : {}),
            clientCapabilities: input.clientCapabilities,
          },
          {
            signal: listener.signal,
            ...(listener.onProgress ? { onProgress: listener.onProgress } : {}),
            ...(listener.onLog ? { serverRequests: { onLog: listener.onLog } } : {}),
          },
        ),
      );
      if (isInputRequiredResult(result)) return { kind: 'input', input: result };
      if (result.isError) span.setStatus({ code: SpanStatusCode.ERROR });
      return { kind: 'result', result };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message });
      const protocol = protocolErrorOf(error);
      return { kind: 'failed', error, ...(protocol ? { protocol } : {}) };
    } finally {
      span.end();
    }
  });
}

/** The JSON-RPC error a server answered with, found among the causes of a connection's error. */
function protocolErrorOf(error: unknown): { code: number; message: string; data?: unknown } | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ProtocolError)
      return {
        code: cause.code,
        message: cause.message,
        ...(cause.data !== undefined ? { data: cause.data } : {}),
      };
  }
  return undefined;
}
