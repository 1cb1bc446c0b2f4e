import { describe, expect, it } from 'vitest';
import {
  OAUTH_CALLBACK_CHANNEL,
  waitForOAuthCallback,
} from '../src/lib/standalone/oauth-callback-channel.ts';

/** Posts what the callback page posts, from another channel object (as another page would). */
function sendCallback(search: string) {
  const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
  channel.postMessage({ search });
  channel.close();
}

describe('waitForOAuthCallback', () => {
  it('resolves with the answer to its own state, ignoring other flows and malformed messages, and closes the popup', async () => {
    const popup = {
      closed: false,
      close() {
        this.closed = true;
      },
    };
    const waiting = waitForOAuthCallback('mine', new AbortController().signal, popup);
    const other = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
    other.postMessage({ code: 'no search' });
    other.close();
    sendCallback('?code=theirs&state=other');
    sendCallback('?code=abc&state=mine&iss=http%3A%2F%2Fissuer');
    const params = await waiting;
    expect(params.get('code')).toBe('abc');
    expect(params.get('iss')).toBe('http://issuer');
    expect(popup.closed).toBe(true);
  });

  it('rejects when the flow is abandoned (aborted) or the popup was closed without an answer', async () => {
    const controller = new AbortController();
    const aborted = waitForOAuthCallback('mine', controller.signal);
    controller.abort(new Error('stopped'));
    await expect(aborted).rejects.toThrow('stopped');

    const closed = waitForOAuthCallback('mine', new AbortController().signal, { closed: true, close() {} });
    await expect(closed).rejects.toThrow('closed before it finished');
  });
});
