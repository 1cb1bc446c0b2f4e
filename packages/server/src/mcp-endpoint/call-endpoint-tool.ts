import type {
  CallToolResult,
  ClientCapabilities,
  InputRequiredResult,
  ServerContext,
} from '@modelcontextprotocol/server';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { CallServerRequests, ToolProgress } from '@switchboard/core';
import type { User } from '../auth/user.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import { asCaller } from '../mcp/caller-identity.ts';
import type { AuditTrail } from '../store/audit-trail.ts';
import type { EndpointCallStatus } from '../store/endpoint-call-record.ts';
import type { EndpointTool } from './endpoint-catalog.ts';
import type { ToolApproval } from './tool-approval.ts';

/** What a call through `/mcp` needs from the gateway. */
export interface EndpointCallDeps {
  audit: AuditTrail;
  rateLimiter?: RateLimiter;
  approval: ToolApproval;
}

/** How long the person may take to answer a server's question forwarded to the client (ms). */
const PERSON_TIMEOUT_MS = 600_000;

type ElicitParams = Parameters<ServerContext['mcpReq']['elicitInput']>[0];
type SamplingParams = Parameters<ServerContext['mcpReq']['requestSampling']>[0];

const tracer = trace.getTracer('@switchboard/server', '0.1.0');

/**
 * Runs one tool for a user through their own connection to its server, under the gateway's rules:
 * the per-minute rate limit (as for chat), the approval policy, the caller identity shipped servers
 * key their data on, an OTel span, and a row in the audit trail (written behind the call, in batches). The server's result comes back as
 * it was (content of every kind, `structuredContent`, `_meta`); the server's progress and log
 * messages go to the client, and its elicitation and sampling requests too when the client
 * declared them (on 2025 sessions: the 2026 protocol has no server-to-client requests).
 */
export async function callEndpointTool(
  deps: EndpointCallDeps,
  user: User,
  tool: EndpointTool,
  args: Record<string, unknown>,
  ctx: ServerContext,
  client: ClientCapabilities,
): Promise<CallToolResult | InputRequiredResult> {
  const started = performance.now();
  const audit = (status: EndpointCallStatus, error?: string) =>
    deps.audit.record({
      userId: user.id,
      server: tool.serverName,
      tool: tool.tool.name,
      status,
      elapsedMs: performance.now() - started,
      ...(error ? { error } : {}),
    });

  const limited = await rateLimited(deps.rateLimiter, user);
  if (limited) {
    await audit('rate_limited', limited);
    return errorResult(limited);
  }
  const approval = await deps.approval.check(tool, args, ctx, client.elicitation !== undefined);
  if (!approval.run) {
    if (approval.status !== 'asked') await audit(approval.status, textOf(approval.result));
    return approval.result;
  }

  return tracer.startActiveSpan('mcp_endpoint.tools_call', async (span) => {
    span.setAttributes({ 'mcp.server': tool.serverName, 'mcp.tool': tool.tool.name, 'enduser.id': user.id });
    try {
      const result = (await asCaller(user.id, () =>
        tool.connection.callToolResult(tool.tool.name, args, {
          signal: ctx.mcpReq.signal,
          onProgress: (progress: ToolProgress) => {
            const token = ctx.mcpReq._meta?.progressToken;
            if (token === undefined) return;
            void ctx.mcpReq
              .notify({ method: 'notifications/progress', params: { progressToken: token, ...progress } })
              .catch(() => undefined);
          },
          serverRequests: forwardedRequests(ctx, client),
        }),
      )) as CallToolResult;
      await audit(result.isError ? 'tool_error' : 'ok', result.isError ? textOf(result) : undefined);
      if (result.isError) span.setStatus({ code: SpanStatusCode.ERROR });
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message });
      await audit('failed', message);
      return errorResult(message);
    } finally {
      span.end();
    }
  });
}

/** The client's answers to what the server asks during the call: those it declared, and its logs. */
function forwardedRequests(ctx: ServerContext, client: ClientCapabilities): CallServerRequests {
  return {
    onLog: (message, server) => {
      void ctx.mcpReq
        .notify({ method: 'notifications/message', params: { ...message, logger: message.logger ?? server } })
        .catch(() => undefined);
    },
    // The client and server packages declare the same protocol types separately.
    ...(client.elicitation
      ? {
          elicitation: (params) =>
            ctx.mcpReq.elicitInput(params as ElicitParams, { timeout: PERSON_TIMEOUT_MS }),
        }
      : {}),
    ...(client.sampling
      ? {
          sampling: (params) =>
            ctx.mcpReq.requestSampling(params as SamplingParams, {
              timeout: PERSON_TIMEOUT_MS,
            }) as ReturnType<NonNullable<CallServerRequests['sampling']>>,
        }
      : {}),
  };
}

async function rateLimited(limiter: RateLimiter | undefined, user: User): Promise<string | undefined> {
  if (!limiter) return undefined;
  const decision = await limiter.take(user.id);
  if (decision.allowed) return undefined;
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  return `Rate limit: ${limiter.limit} tool calls per ${Math.round(limiter.windowMs / 1000)} s for each user; retry in ${seconds} s.`;
}

/** A tool-level error result with one text block. */
export function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function textOf(result: CallToolResult): string {
  return result.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .slice(0, 2000);
}
