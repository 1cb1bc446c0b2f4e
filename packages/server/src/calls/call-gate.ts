import {
  type ApprovalAction,
  type ApprovalPolicy,
  decideApproval,
  type McpToolClient,
  type McpToolDef,
  sanitizeServerName,
} from '@switchboard/core';
import type { User } from '../auth/user.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import type { AuditTrail } from '../store/audit-trail.ts';
import type { CallPath, EndpointCallStatus } from '../store/endpoint-call-record.ts';

/** What the gate reads: the deployment's policy, the per-user rate limit, the audit trail. */
export interface CallGateDeps {
  /** The deployment's approval policy (`approvalPolicy`, changed with `PUT /policy`). */
  policy: () => Promise<ApprovalPolicy | undefined>;
  /** Requests per window per user, shared with chat (absent: no limit). */
  rateLimiter?: RateLimiter;
  audit: AuditTrail;
}

/** One call of a user to a server's tool, as the gate sees it. */
export interface GatedCall {
  user: User;
  via: CallPath;
  /** The server's registered name (approval rules match its sanitized form). */
  serverName: string;
  /** The tool as the gateway lists it: the strictest annotations seen of it (see `ToolPins`). */
  tool: Pick<McpToolDef, 'name' | 'annotations'>;
}

/** What the gate decided: run, ask the person first, or refuse (with why). */
export type GateVerdict =
  | { action: 'allow' }
  | { action: 'ask'; subject: string }
  | { action: 'deny'; message: string }
  | { action: 'rate_limited'; message: string; limit: number; windowMs: number; retryAfterMs: number };

/** The gate's verdict on one call, and the call's row in the audit trail. */
export interface GatePass {
  verdict: GateVerdict;
  /** Writes the call's audit row (once: later calls are ignored), timed from when the gate was passed. */
  record(status: EndpointCallStatus, error?: string): Promise<void>;
}

/**
 * The one place the gateway decides a user's call of a server's tool, whichever path it takes
 * (`/mcp`, direct calls from the web app's Tools tab, MCP Apps and buttons): the per-user rate
 * limit first (the limiter chat's messages count against too), then the deployment's approval
 * policy, and a row in the audit trail for every call, refused ones included (a refusal here
 * writes its own).
 * How `ask` reaches the person is the path's business (an elicitation on `/mcp`, the stream's
 * question on a direct call). Chat turns decide approvals in core's loop; their calls are audited
 * through {@link auditedClients} and {@link record}.
 */
export class CallGate {
  readonly #deps: CallGateDeps;

  constructor(deps: CallGateDeps) {
    this.#deps = deps;
  }

  /** Counts the call against the user's limit and decides it under the deployment's approval policy. */
  async admit(call: GatedCall): Promise<GatePass> {
    const started = performance.now();
    let recorded = false;
    const record = async (status: EndpointCallStatus, error?: string) => {
      if (recorded) return;
      recorded = true;
      await this.record(call, status, error, performance.now() - started);
    };
    const verdict = await this.#decide(call);
    if (verdict.action === 'rate_limited') await record('rate_limited', verdict.message);
    if (verdict.action === 'deny') await record('denied', verdict.message);
    return { verdict, record };
  }

  /** Writes one call's audit row (for calls decided elsewhere: chat's loop). */
  record(
    call: Omit<GatedCall, 'tool'> & { tool: { name: string } },
    status: EndpointCallStatus,
    error?: string,
    elapsedMs = 0,
  ): Promise<void> {
    return this.#deps.audit.record({
      userId: call.user.id,
      via: call.via,
      server: call.serverName,
      tool: call.tool.name,
      status,
      elapsedMs,
      ...(error ? { error } : {}),
    });
  }

  /**
   * A chat turn's MCP clients (by registered server name), each call through them written to the
   * audit trail with how it ended. The loop has decided its approval already.
   */
  auditedClients(
    user: User,
    clients: ReadonlyMap<string, McpToolClient>,
  ): ReadonlyMap<string, McpToolClient> {
    const audited = new Map<string, McpToolClient>();
    for (const [serverName, client] of clients) {
      audited.set(serverName, {
        callTool: async (toolName, args, context) => {
          const call = { user, via: 'chat' as const, serverName, tool: { name: toolName } };
          const started = performance.now();
          const elapsed = () => performance.now() - started;
          try {
            const output = await client.callTool(toolName, args, context);
            await this.record(
              call,
              output.isError ? 'tool_error' : 'ok',
              output.isError ? output.text.slice(0, 2000) : undefined,
              elapsed(),
            );
            return output;
          } catch (error) {
            await this.record(
              call,
              'failed',
              error instanceof Error ? error.message : String(error),
              elapsed(),
            );
            throw error;
          }
        },
      });
    }
    return audited;
  }

  async #decide(call: GatedCall): Promise<GateVerdict> {
    const limiter = this.#deps.rateLimiter;
    if (limiter) {
      const decision = await limiter.take(call.user.id);
      if (!decision.allowed) {
        const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
        return {
          action: 'rate_limited',
          message: `Rate limit: ${limiter.limit} requests per ${Math.round(limiter.windowMs / 1000)} s for each user (tool calls and chat messages alike); retry in ${seconds} s.`,
          limit: limiter.limit,
          windowMs: limiter.windowMs,
          retryAfterMs: decision.retryAfterMs,
        };
      }
    }
    const { action, subject } = approvalOf(await this.#deps.policy(), call.serverName, call.tool);
    if (action === 'deny')
      return {
        action: 'deny',
        message: `The gateway's approval policy denies ${subject}; an administrator can change it.`,
      };
    return action === 'ask' ? { action: 'ask', subject } : { action: 'allow' };
  }
}

/**
 * What the deployment's approval policy decides for a tool of a server (its registered name; rules
 * match the sanitized form, `subject`): the gate's decision, and the answer of `POST /policy/preview`.
 */
export function approvalOf(
  policy: ApprovalPolicy | undefined,
  serverName: string,
  tool: Pick<McpToolDef, 'name' | 'annotations'>,
): { action: ApprovalAction; subject: string } {
  const server = sanitizeServerName(serverName);
  return {
    action: decideApproval([policy], server, tool.name, tool.annotations),
    subject: `${server}:${tool.name}`,
  };
}
