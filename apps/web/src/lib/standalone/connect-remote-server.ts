import type { ConnectOutcome, ConnectWindow } from '../conversation-driver.ts';
import type { RemoteMcpConnections } from './remote-mcp-connections.ts';

const POPUP_FEATURES = 'popup,width=520,height=720';

/**
 * Connects a remote server that wants the person's authorization, in standalone mode. Call it from
 * the click itself: it opens an empty popup at once (one opened after the SDK's discovery and
 * registration would be blocked), cuts the popup's way back to the app (`opener`), and lets the
 * connection show the authorization page there — only an http(s) page. The callback page hands the
 * code back on a same-origin BroadcastChannel; the connection exchanges it and connects. When the
 * browser blocks the popup, the page itself goes to the authorization page and comes back.
 */
export async function connectRemoteServer(
  remote: RemoteMcpConnections,
  name: string,
  window: ConnectWindow,
): Promise<ConnectOutcome> {
  const popup = window.open('about:blank', '_blank', POPUP_FEATURES);
  if (!popup) return redirect(remote, name, window);
  popup.opener = null;
  const status = await remote.authorize(
    name,
    (url) => {
      if (url.protocol === 'https:' || url.protocol === 'http:') popup.location.href = url.href;
      else popup.close();
    },
    popup,
  );
  if (!popup.closed) popup.close();
  return status.state === 'connected'
    ? { status: 'connected' }
    : { status: 'failed', message: status.error ?? `${name} was not connected` };
}

/** The page itself goes to the authorization page; the callback page brings it back to this address. */
async function redirect(
  remote: RemoteMcpConnections,
  name: string,
  window: ConnectWindow,
): Promise<ConnectOutcome> {
  try {
    await remote.authorizeByRedirect(name, window.location.href, (url) => {
      if (url.protocol === 'https:' || url.protocol === 'http:') window.location.assign(url.href);
    });
    return { status: 'redirected' };
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
