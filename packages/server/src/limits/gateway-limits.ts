/** The gateway's limits (defaults from the seeds). */
export interface GatewayLimits {
  /** Tool turns (model calls that asked for tools) per request. */
  toolTurnsPerRequest: number;
  /** Tool turns per conversation, across requests. */
  toolTurnsPerSession: number;
  /** Model-invoking requests (chat, tool results, approvals, stateless chat) per minute per user; 0: no limit. */
  requestsPerMinute: number;
  /** Individual tool calls per request. */
  toolCallsPerRequest: number;
  /**
   * Characters of a conversation's history a model request carries at most (text, tool calls and
   * results, after compression): the oldest whole turns are left out past it, and the stored session
   * keeps no more than that, so a long conversation costs each turn the same. Every message stays
   * stored and listed.
   */
  historyChars: number;
  /** Time a tool call may take, in ms; the clock stops while the server's question waits for the person. */
  toolTimeoutMs: number;
  /**
   * Time a person has to answer a form or link a server asks for during a direct tool call (the
   * Tools tab), in ms; then it is declined. The call's {@link toolTimeoutMs} waits meanwhile.
   */
  elicitationTimeoutMs: number;
  /** Largest request body, in bytes (larger: 413). */
  maxBodyBytes: number;
  /** How long a user's `Idempotency-Key` and the outcome it stands for are kept, in ms (retries within it get that outcome). */
  idempotencyKeyTtlMs: number;
}

/** 50 tool turns per request, 200 per session, 30 requests per minute per user, 100,000 characters of history per model request. */
export const DEFAULT_GATEWAY_LIMITS: GatewayLimits = {
  toolTurnsPerRequest: 50,
  toolTurnsPerSession: 200,
  requestsPerMinute: 30,
  toolCallsPerRequest: 500,
  historyChars: 100_000,
  toolTimeoutMs: 60_000,
  elicitationTimeoutMs: 600_000,
  maxBodyBytes: 1_048_576,
  idempotencyKeyTtlMs: 86_400_000,
};
