import { createHash } from 'node:crypto';
import { createRequestStateCodec, type RequestStateCodec } from '@modelcontextprotocol/server';
import type { EndpointTool } from './endpoint-catalog.ts';

/**
 * What a 2026-07-28 round of a `/mcp` tool call carries back to the gateway (signed, not secret):
 * the call it belongs to (a digest of the tool and its arguments), and, while the underlying server
 * waits for an answer, the id of the parked call (see `ParkedCalls`), or, while the person is asked
 * to approve the call, the id of that question (an approval counts once).
 */
export interface EndpointRoundState {
  call: string;
  parked?: string;
  approval?: string;
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
  return createHash('sha256')
    .update(`${tool.name}\u0000${JSON.stringify(args)}`)
    .digest('base64url');
}
