import { createHash } from 'node:crypto';
import { createRequestStateCodec, type RequestStateCodec } from '@modelcontextprotocol/server';
import type { EndpointTool } from './endpoint-catalog.ts';

/**
 * What a 2026-07-28 round of a `/mcp` tool call carries back to the gateway (signed, not secret):
 * the call it belongs to (a digest of the tool and its arguments, or of the prompt and its
 * arguments), and, while the underlying server waits for an answer, the id of the parked call (see
 * `ParkedCalls`) or the relayed round (see `RelayedRound`), or, while the person is asked to
 * approve the call, the id of that question (an approval counts once).
 */
export interface EndpointRoundState {
  call: string;
  parked?: string;
  approval?: string;
  relay?: RelayedRound;
}

/**
 * A round of a 2026-07-28 server's call that the gateway relayed to its client (the server asked,
 * the client answers in its next request).
 */
export interface RelayedRound {
  /** The round's id: its answers count once on a replica. */
  round: string;
  /** What the server asked, by key: the method of each input request, whose answer is checked. */
  asked: Record<string, string>;
  /** The server's own request state, echoed to it as it gave it. */
  serverState?: string;
  /** The person approved the call in an earlier round (the policy asks about it). */
  approved?: true;
}

/** How long a round's state verifies after it was minted (s): as long as a person may take. */
export const STATE_TTL_SECONDS = 600;

/**
 * The codec of `/mcp`'s request state: an HMAC under `key` (derived from the gateway's secret key,
 * so every replica verifies every round), bound to the user the request is authenticated as — a
 * state minted for one user is refused for any other.
 */
export function endpointRequestState(key: Uint8Array): RequestStateCodec<EndpointRoundState> {
  return createRequestStateCodec<EndpointRoundState>({
    key,
    ttlSeconds: STATE_TTL_SECONDS,
    // The gateway user, not the OAuth client: users of one client must not take each other's state.
    bind: (ctx) => String(ctx.http?.authInfo?.extra?.userId ?? ''),
  });
}

/** The digest naming one call: the endpoint tool and its arguments. */
export function callDigest(tool: EndpointTool, args: Record<string, unknown>): string {
  return digestOf(tool.name, args);
}

/** The digest naming one `prompts/get`: the endpoint prompt and its arguments. */
export function promptDigest(name: string, args: Record<string, string>): string {
  return digestOf(`prompt\u0000${name}`, args);
}

function digestOf(name: string, args: Record<string, unknown>): string {
  return createHash('sha256')
    .update(`${name}\u0000${JSON.stringify(args)}`)
    .digest('base64url');
}
