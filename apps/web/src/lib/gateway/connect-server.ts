import type {
  ConnectOutcome,
  ConnectPopup,
  ConnectWindow,
  ServerAuthorizationApi,
} from '../conversation-driver.ts';

/** Options of {@link connectServer}. */
export interface ConnectServerOptions {
  serverId: string;
  /** The server's name, for the messages. */
  serverName: string;
  api: ServerAuthorizationApi;
  window: ConnectWindow;
  /** How often the gateway is asked whether the server is connected (ms, default 1000). */
  pollMs?: number;
  /** How long the person may take (ms, default 10 minutes, the gateway's flow lifetime). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const POPUP_FEATURES = 'popup,width=520,height=720';

/**
 * Connects the person to a server that authorizes with OAuth. Call it from the click itself: it
 * opens an empty popup at once (a popup opened after waiting for the gateway would be blocked),
 * cuts the popup's way back to the app (`opener`), asks the gateway for the authorization page and
 * shows it there — only an http(s) page — then asks the gateway until the server is connected and
 * closes the popup. When the browser blocks the popup, the page itself goes to the authorization
 * page, and the gateway brings the person back to this path and conversation.
 */
export async function connectServer(options: ConnectServerOptions): Promise<ConnectOutcome> {
  const { api, serverId, serverName, window } = options;
  const popup = window.open('about:blank', '_blank', POPUP_FEATURES);
  if (popup) popup.opener = null;
  let page: string | undefined;
  try {
    page = httpUrl(await api.authorize(serverId, popup ? undefined : window.location.href));
  } catch (error) {
    popup?.close();
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  if (!page) {
    popup?.close();
    return { status: 'failed', message: `The gateway gave no http(s) page to connect ${serverName}` };
  }
  if (!popup) {
    window.location.assign(page);
    return { status: 'redirected' };
  }
  popup.location.href = page;
  const outcome = await waitUntilConnected(options, popup);
  if (outcome.status === 'connected' || !popup.closed) popup.close();
  return outcome;
}

async function waitUntilConnected(
  options: ConnectServerOptions,
  popup: ConnectPopup,
): Promise<ConnectOutcome> {
  const { api, serverId, serverName } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  for (;;) {
    await sleep(options.pollMs ?? 1000);
    const closed = popup.closed;
    const servers = await api.list().catch(() => []);
    if (servers.some((server) => server.id === serverId && server.authorization === 'connected'))
      return { status: 'connected' };
    if (closed)
      return { status: 'failed', message: `The window was closed before ${serverName} was connected` };
    if (Date.now() > deadline)
      return { status: 'failed', message: `${serverName} was not connected in time` };
  }
}

/** The URL when it is an http(s) one. */
function httpUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
