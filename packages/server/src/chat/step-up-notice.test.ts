import type { AgentEvent } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { stepUpNotices } from './step-up-notice.ts';

/** core's `tool_call` event, with only the fields the notices read. */
const toolCall = (value: Record<string, unknown>) =>
  ({ type: 'CUSTOM', name: 'tool_call', value, timestamp: 1 }) as unknown as AgentEvent;

describe('stepUpNotices', () => {
  const servers = [
    { id: 'srv_shop', name: 'shop' },
    { id: 'srv_mail', name: 'mail' },
  ];

  it('asks for the scope a server named, once per server and turn; a plain refusal asks to connect', () => {
    const notice = stepUpNotices(servers);
    const refused = {
      server: 'shop',
      tool: 'checkout',
      needsAuthorization: true,
      requiredScope: 'mcp shop:checkout',
    };
    expect(notice(toolCall(refused))).toMatchObject({
      name: 'server_needs_authorization',
      value: {
        server: 'shop',
        server_id: 'srv_shop',
        message:
          'shop needs more access for checkout (scope "mcp shop:checkout"): connect it again to grant it',
        authorize: '/servers/srv_shop/authorize',
        scope: 'mcp shop:checkout',
      },
    });
    expect(notice(toolCall(refused))).toBeUndefined();
    const plain = notice(toolCall({ server: 'mail', tool: 'send', needsAuthorization: true }));
    expect((plain as { value: unknown }).value).toEqual({
      server: 'mail',
      server_id: 'srv_mail',
      message: 'Connect mail to use its tools',
      authorize: '/servers/srv_mail/authorize',
    });
  });

  it('says nothing of calls that failed otherwise, or of servers the turn did not connect', () => {
    const notice = stepUpNotices(servers);
    expect(notice(toolCall({ server: 'shop', tool: 'checkout', error: 'timed out' }))).toBeUndefined();
    expect(notice(toolCall({ server: 'other', tool: 'x', needsAuthorization: true }))).toBeUndefined();
  });
});
