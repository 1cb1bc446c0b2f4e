import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import {
  applyConnectEvent,
  type ConnectRequest,
  markConnectRequest,
  missingAccessText,
} from './connect-requests.ts';

const notice = (value: unknown) =>
  ({ type: 'CUSTOM', name: 'server_needs_authorization', value, timestamp: 1 }) as unknown as AgentEvent;
const started = { type: 'RUN_STARTED', threadId: 'c', runId: 'r', timestamp: 1 } as AgentEvent;
const shop = {
  server: 'shop',
  server_id: 'srv_1',
  message: 'Connect shop to use its tools',
  authorize: '/servers/srv_1/authorize',
};
const fold = (events: AgentEvent[], state: ConnectRequest[] = []) => events.reduce(applyConnectEvent, state);

describe('applyConnectEvent', () => {
  it('adds one card per server and turn, however often the turn says so', () => {
    const cards = fold([
      started,
      notice(shop),
      notice(shop),
      notice({ ...shop, server: 'x', server_id: 'srv_2' }),
    ]);
    expect(cards).toEqual([
      { serverId: 'srv_1', server: 'shop', message: 'Connect shop to use its tools', status: 'needed' },
      { serverId: 'srv_2', server: 'x', message: 'Connect shop to use its tools', status: 'needed' },
    ]);
  });

  it('starts each run without the cards of the previous one', () => {
    const cards = fold([notice(shop)]);
    expect(fold([started], cards)).toEqual([]);
    expect(fold([started, notice(shop)], cards)).toEqual(cards);
  });

  it('asks again on the card of a server that was connected when its authorization ends', () => {
    const connected = markConnectRequest(fold([started, notice(shop)]), 'srv_1', 'connected');
    const again = fold([notice({ ...shop, message: 'Connect shop again' })], connected);
    expect(again).toEqual([
      { serverId: 'srv_1', server: 'shop', message: 'Connect shop again', status: 'needed' },
    ]);
    const connecting = markConnectRequest(again, 'srv_1', 'connecting');
    expect(fold([notice(shop)], connecting)).toBe(connecting);
  });

  it('ignores unrelated and malformed events, and words a card that has no message', () => {
    const none: ConnectRequest[] = [];
    expect(
      fold(
        [
          started,
          notice({ server: 'shop' }),
          notice(null),
          { ...notice(shop), name: 'widget' } as AgentEvent,
        ],
        none,
      ),
    ).toBe(none);
    expect(fold([notice({ server_id: 'srv_3' })])).toEqual([
      { serverId: 'srv_3', server: 'srv_3', message: 'Connect srv_3 to use its tools', status: 'needed' },
    ]);
  });
});

describe('a notice naming the scope a server refused a call for (403 insufficient_scope)', () => {
  const moreScope = {
    ...shop,
    message: 'shop needs more access for checkout (scope "files:write"): connect it again to grant it',
    scope: 'files:write',
  };

  it('puts the scope on the card that asks again, and says in plain words what is missing', () => {
    const connected = markConnectRequest(fold([started, notice(shop)]), 'srv_1', 'connected');
    const cards = fold([notice(moreScope)], connected);
    expect(cards).toEqual([
      {
        serverId: 'srv_1',
        server: 'shop',
        message: moreScope.message,
        scope: 'files:write',
        status: 'needed',
      },
    ]);
    expect(missingAccessText(cards[0] as ConnectRequest)).toBe('Needs more access: files:write');
    expect(fold([notice(moreScope)], cards)).toBe(cards);
  });

  it('adds the scope to a card still waiting, not to one being connected', () => {
    const waiting = fold([started, notice(shop)]);
    expect(fold([notice(moreScope)], waiting)).toEqual([
      {
        serverId: 'srv_1',
        server: 'shop',
        message: moreScope.message,
        scope: 'files:write',
        status: 'needed',
      },
    ]);
    const connecting = markConnectRequest(waiting, 'srv_1', 'connecting');
    expect(fold([notice(moreScope)], connecting)).toBe(connecting);
  });

  it('lists several scopes, and keeps a blank, odd or overlong one from the card', () => {
    const cards = fold([notice({ ...moreScope, scope: ' files:write\n  mail:send ' })]);
    expect(cards[0]?.scope).toBe('files:write mail:send');
    expect(missingAccessText(cards[0] as ConnectRequest)).toBe('Needs more access: files:write, mail:send');
    for (const scope of ['  ', 42, null]) {
      const [card] = fold([notice({ ...moreScope, scope })]);
      expect(card?.scope).toBeUndefined();
      expect(missingAccessText(card as ConnectRequest)).toBeUndefined();
    }
    const [long] = fold([notice({ ...moreScope, scope: 'x'.repeat(500) })]);
    expect(long?.scope).toHaveLength(201);
  });
});

describe('markConnectRequest', () => {
  it("moves one server's card, setting or clearing its problem", () => {
    const cards = fold([notice(shop), notice({ ...shop, server_id: 'srv_2' })]);
    const failed = markConnectRequest(cards, 'srv_1', 'needed', 'The window was closed');
    expect(failed[0]).toMatchObject({ status: 'needed', problem: 'The window was closed' });
    expect(failed[1]).toBe(cards[1]);
    expect(markConnectRequest(failed, 'srv_1', 'connected')[0]).toEqual({ ...cards[0], status: 'connected' });
  });
});
