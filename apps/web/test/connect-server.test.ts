import { describe, expect, it } from 'vitest';
import type {
  ConnectPopup,
  ConnectWindow,
  ServerAuthorizationApi,
  ServerAuthorizationStatus,
} from '../src/lib/conversation-driver.ts';
import { connectServer } from '../src/lib/gateway/connect-server.ts';

const APP = 'http://127.0.0.1:8080/?mode=gateway';
const PAGE = 'http://127.0.0.1:9000/auth?client_id=c&state=s';

/** A gateway whose server becomes connected after `connectAfter` status checks. */
function fakeApi(page: string, connectAfter = 2) {
  const authorized: Array<string | undefined> = [];
  let checks = 0;
  const api: ServerAuthorizationApi = {
    async list(): Promise<ServerAuthorizationStatus[]> {
      checks++;
      return [
        { id: 'srv_1', name: 'shop', authorization: checks >= connectAfter ? 'connected' : 'required' },
      ];
    },
    async authorize(_serverId, pageHref) {
      authorized.push(pageHref);
      return page;
    },
    async disconnect() {},
  };
  return { api, authorized, checks: () => checks };
}

/** A window whose popups are recorded (or blocked). */
function fakeWindow(blocked = false) {
  const opened: Array<{ url: string; target: string; features: string }> = [];
  const assigned: string[] = [];
  const popup: ConnectPopup & { closeCalls: number } = {
    opener: 'the app',
    closed: false,
    location: { href: 'about:blank' },
    closeCalls: 0,
    close() {
      this.closeCalls++;
      this.closed = true;
    },
  };
  const window: ConnectWindow = {
    open: (url, target, features) => {
      opened.push({ url, target, features });
      return blocked ? null : popup;
    },
    location: { href: APP, assign: (url) => void assigned.push(url) },
  };
  return { window, popup, opened, assigned };
}

const fast = { pollMs: 0, sleep: async () => {} };

describe('connectServer', () => {
  it('opens an empty popup at once, shows the authorization page there and closes it once the gateway says connected', async () => {
    const { api, authorized } = fakeApi(PAGE);
    const { window, popup, opened } = fakeWindow();
    const connecting = connectServer({ serverId: 'srv_1', serverName: 'shop', api, window, ...fast });
    expect(opened).toEqual([
      { url: 'about:blank', target: '_blank', features: 'popup,width=520,height=720' },
    ]);
    expect(popup.opener).toBeNull();
    await expect(connecting).resolves.toEqual({ status: 'connected' });
    expect(authorized).toEqual([undefined]);
    expect(popup.location.href).toBe(PAGE);
    expect(popup.closeCalls).toBe(1);
  });

  it('goes to the authorization page itself, asking to come back here, when the popup is blocked', async () => {
    const { api, authorized, checks } = fakeApi(PAGE);
    const { window, assigned } = fakeWindow(true);
    await expect(
      connectServer({ serverId: 'srv_1', serverName: 'shop', api, window, ...fast }),
    ).resolves.toEqual({
      status: 'redirected',
    });
    expect(authorized).toEqual([APP]);
    expect(assigned).toEqual([PAGE]);
    expect(checks()).toBe(0);
  });

  it('opens no page that is not http(s)', async () => {
    for (const page of ['javascript:alert(1)', 'data:text/html,<p>x</p>', 'not a url']) {
      const { window, popup, assigned } = fakeWindow();
      const outcome = await connectServer({
        serverId: 'srv_1',
        serverName: 'shop',
        api: fakeApi(page).api,
        window,
        ...fast,
      });
      expect(outcome).toEqual({
        status: 'failed',
        message: 'The gateway gave no http(s) page to connect shop',
      });
      expect(popup.location.href).toBe('about:blank');
      expect(popup.closed).toBe(true);
      const blocked = fakeWindow(true);
      await connectServer({
        serverId: 'srv_1',
        serverName: 'shop',
        api: fakeApi(page).api,
        window: blocked.window,
        ...fast,
      });
      expect([...assigned, ...blocked.assigned]).toEqual([]);
    }
  });

  it('stops when the person closes the popup before the server is connected', async () => {
    const { api } = fakeApi(PAGE, Number.POSITIVE_INFINITY);
    const { window, popup } = fakeWindow();
    const sleep = async () => {
      popup.closed = true;
    };
    await expect(
      connectServer({ serverId: 'srv_1', serverName: 'shop', api, window, pollMs: 0, sleep }),
    ).resolves.toEqual({
      status: 'failed',
      message: 'The window was closed before shop was connected',
    });
    expect(popup.closeCalls).toBe(0);
  });

  it('gives up after the timeout, and says what the gateway answered when it refuses', async () => {
    const slow = fakeWindow();
    const late = await connectServer({
      serverId: 'srv_1',
      serverName: 'shop',
      api: fakeApi(PAGE, Number.POSITIVE_INFINITY).api,
      window: slow.window,
      timeoutMs: -1,
      ...fast,
    });
    expect(late).toEqual({ status: 'failed', message: 'shop was not connected in time' });
    expect(slow.popup.closed).toBe(true);

    const refusing = fakeWindow();
    const api = {
      ...fakeApi(PAGE).api,
      authorize: () => Promise.reject(new Error('gateway: POST failed (503)')),
    };
    await expect(
      connectServer({ serverId: 'srv_1', serverName: 'shop', api, window: refusing.window, ...fast }),
    ).resolves.toEqual({ status: 'failed', message: 'gateway: POST failed (503)' });
    expect(refusing.popup.closed).toBe(true);
  });
});
