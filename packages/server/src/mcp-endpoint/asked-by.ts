import { randomUUID } from 'node:crypto';
import type { CallServerRequests } from '@switchboard/core';

type ElicitParams = Parameters<NonNullable<CallServerRequests['elicitation']>>[0];
type SamplingParams = Parameters<NonNullable<CallServerRequests['sampling']>>[0];

/**
 * The `_meta` key that says who asks a `/mcp` client: `{ server }` for an underlying server's form,
 * link or sampling request the gateway forwards, `{ gateway: 'approval', server, tool }` for the
 * gateway's own approval question.
 */
export const ASKED_BY_META_KEY = 'dev.switchboard/asked-by';

/** How a forwarded question starts, so the person reads which server asks: `[server "shop"]`. */
export function serverLabel(server: string): string {
  return `[server ${JSON.stringify(server)}]`;
}

/**
 * A server's form or link as `/mcp` forwards it: its message starts with the server's name (what
 * clients show the person), its `_meta` names the server, so it never reads as the gateway's own
 * question. A URL-mode question without an `elicitationId` (2026-07-28 servers send none) gets one,
 * which 2025 clients require.
 */
export function forwardedElicitation(server: string, params: ElicitParams): ElicitParams {
  const attributed = {
    message: `${serverLabel(server)} ${params.message}`,
    _meta: { ...params._meta, [ASKED_BY_META_KEY]: { server } },
  };
  if (params.mode === 'url')
    return { ...params, ...attributed, elicitationId: params.elicitationId ?? randomUUID() };
  return { ...params, ...attributed };
}

/**
 * A server's sampling request as `/mcp` forwards it: its system prompt (what clients show beside
 * the messages) starts by naming the server, and its `_meta` names it too.
 */
export function forwardedSampling(server: string, params: SamplingParams): SamplingParams {
  const said = `${serverLabel(server)} This completion is asked for by the MCP server ${JSON.stringify(server)}, through the Switchboard gateway.`;
  return {
    ...params,
    systemPrompt: params.systemPrompt ? `${said}\n\n${params.systemPrompt}` : said,
    _meta: { ...params._meta, [ASKED_BY_META_KEY]: { server } },
  };
}
