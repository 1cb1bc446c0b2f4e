import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import {
  applyConnectEvent,
  type ConnectRequest,
  missingAccessText,
} from '../../../packages/ui/src/state/connect-requests.ts';
import { DEFAULT_CONFIG } from '../src/lib/app-config.ts';
import { createGatewayDriver } from '../src/lib/gateway/gateway-driver.ts';
import { MemoryStorage } from './support/memory-storage.ts';

/** The gateway's stream of a turn whose call a connected server refused (401 / 403 insufficient_scope). */
const refusedTurn = [
  { type: 'RUN_STARTED', threadId: 'c1', runId: 'r', timestamp: 1 },
  { type: 'TOOL_CALL_RESULT', messageId: 'result_t1', toolCallId: 't1', content: 'Error: …', role: 'tool' },
  {
    type: 'CUSTOM',
    name: 'tool_call',
    value: {
      id: 't1',
      name: 'shop_mcp_checkout',
      server: 'shop',
      error: 'more access',
      needsAuthorization: true,
    },
  },
  {
    type: 'CUSTOM',
    name: 'server_needs_authorization',
    value: {
      server: 'shop',
      server_id: 'srv_shop',
      message: 'Connect shop to use its tools',
      authorize: '/servers/srv_shop/authorize',
    },
  },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'The shop needs you to connect it.' },
  { type: 'RUN_FINISHED', threadId: 'c1', runId: 'r', result: { stopReason: 'end_turn' } },
];

/** The same turn when the server refused with 403 insufficient_scope: the gateway's notice names the scope. */
const scopeRefusedTurn = refusedTurn.map((event) =>
  event.name === 'server_needs_authorization'
    ? {
        ...event,
        value: {
          ...event.value,
          message: 'shop needs more access for checkout (scope "files:write"): connect it again to grant it',
          scope: 'files:write',
        },
      }
    : event,
);

/** The Connect cards a turn streamed by the gateway leaves, through the gateway driver. */
async function cardsAfterTurn(turn: readonly object[]): Promise<ConnectRequest[]> {
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/conversations' && init.method === 'POST') return Response.json({ id: 'c1' });
    if (url === '/conversations/c1/chat')
      return new Response(turn.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), {
        headers: { 'Content-Type': 'text/event-stream' },
      });
    return Response.json({ items: [] });
  };
  const driver = createGatewayDriver({
    config: { ...DEFAULT_CONFIG, mode: 'gateway', apiBase: '' },
    storage: new MemoryStorage(),
    fetch: fakeFetch as typeof fetch,
  });
  let cards: ConnectRequest[] = [];
  await driver.open((event: AgentEvent) => {
    cards = applyConnectEvent(cards, event);
  });
  await driver.send('Check out my cart');
  return cards;
}

describe('step-up during a turn (gateway mode)', () => {
  it('a call refused mid-turn for authorization leaves a Connect card for its server after the turn', async () => {
    const cards = await cardsAfterTurn(refusedTurn);
    expect(cards).toEqual([
      { serverId: 'srv_shop', server: 'shop', message: 'Connect shop to use its tools', status: 'needed' },
    ]);
    expect(missingAccessText(cards[0] as ConnectRequest)).toBeUndefined();
  });

  it('a call refused for too little scope leaves a card that says which access is missing', async () => {
    const cards = await cardsAfterTurn(scopeRefusedTurn);
    expect(cards).toEqual([
      expect.objectContaining({ serverId: 'srv_shop', scope: 'files:write', status: 'needed' }),
    ]);
    expect(missingAccessText(cards[0] as ConnectRequest)).toBe('Needs more access: files:write');
  });
});
