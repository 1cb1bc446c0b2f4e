import { PROTOCOL_VERSION_META_KEY, type ServerContext } from '@modelcontextprotocol/server';

/** Whether the request is of the 2026-07-28 era (its envelope names the protocol version): its questions go in rounds. */
export function servedInRounds(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return envelope?.[PROTOCOL_VERSION_META_KEY] !== undefined;
}
