import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type InputResponses,
} from '@modelcontextprotocol/client';

/**
 * One round of a request that a server may answer with `input_required` (MCP 2026-07-28,
 * SEP-2322), made for another client whose questions and answers the caller relays (a gateway's
 * `/mcp` client): the server's `input_required` comes back as it is, keys and request state
 * included, instead of being answered by the connection's handlers.
 */
export interface InputRound {
  /** The answers to the previous round's input requests, by the keys the server gave them. */
  inputResponses?: InputResponses;
  /** The previous round's request state, echoed exactly as the server gave it. */
  requestState?: string;
  /**
   * The capabilities the server may rely on in this request: the relayed client's, so the server
   * asks only what that client can answer (and refuses with -32021 what it cannot do without).
   */
  clientCapabilities?: ClientCapabilities;
}

/** The request's params with the round's answers, request state and client capabilities added. */
export function withInputRound<Params extends object>(params: Params, round: InputRound): Params {
  const meta = (params as { _meta?: Record<string, unknown> })._meta;
  return {
    ...params,
    ...(round.inputResponses ? { inputResponses: round.inputResponses } : {}),
    ...(round.requestState !== undefined ? { requestState: round.requestState } : {}),
    ...(round.clientCapabilities
      ? { _meta: { ...meta, [CLIENT_CAPABILITIES_META_KEY]: round.clientCapabilities } }
      : {}),
  };
}
