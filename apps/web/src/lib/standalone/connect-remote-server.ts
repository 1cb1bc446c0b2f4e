import type { ConnectOutcome, ConnectWindow } from '../gateway/connect-server.ts';
import type { RemoteMcpConnections } from './remote-mcp-connections.ts';

const POPUP_FEATURES = 'popup,width=520,height=720';

/**
 * Connects a remote server that wants the person's authorization, in standalone mode. Call it from
 * the click itself: it opens an empty popup at once (one opened after the SDK's discovery and
 * registration would be blocked), cuts the popup's way back to the app (`opener`), and lets the
 * connection show the authorization page there — only an http(s) page. The callback page hands the
 * code back on a same-origin BroadcastChannel; the connection exchanges it and connects.
 */
export async function connectRemoteServer(
  remote: RemoteMcpConnections,
  name: string,
  window: ConnectWindow,
): Promise<ConnectOutcome> {
  const popup = window.open('about:blank', '_blank', POPUP_FEATURES);
  if (!popup)
    return { status: 'failed', message: `Allow pop-ups for this page to connect ${name}, then try again` };
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
