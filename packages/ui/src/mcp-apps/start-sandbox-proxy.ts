import { routeSandboxMessage } from './route-sandbox-message.ts';
import { sandboxHostOrigin } from './sandbox-host-origin.ts';
import { APP_FRAME_SANDBOX, SANDBOX_PROXY_READY } from './sandbox-protocol.ts';

/**
 * Runs the MCP Apps sandbox proxy in `win` (the outer frame, on its own origin): checks who embeds it,
 * creates the app's frame (`sandbox="allow-scripts"` only: an opaque origin that can reach neither this
 * page nor the host), relays JSON-RPC between host and app by {@link routeSandboxMessage}'s rules, and
 * tells the host it is ready. A proxy that is not embedded as expected shows why and does nothing.
 */
export function startSandboxProxy(win: Window): void {
  const doc = win.document;
  let hostOrigin: string;
  try {
    if (win.parent === win) throw new Error('the MCP App sandbox only runs inside the Switchboard page');
    hostOrigin = sandboxHostOrigin(win.location.href, win.location.ancestorOrigins, doc.referrer);
  } catch (error) {
    doc.body.textContent = error instanceof Error ? error.message : String(error);
    return;
  }
  const app = doc.createElement('iframe');
  app.setAttribute('sandbox', APP_FRAME_SANDBOX);
  app.title = 'MCP App';
  doc.body.append(app);
  let loaded = false;
  win.addEventListener('message', (event) => {
    const route = routeSandboxMessage(event, {
      host: win.parent,
      hostOrigin,
      app: app.contentWindow,
      loaded,
    });
    if (route.kind === 'load') {
      loaded = true;
      app.srcdoc = route.srcdoc;
    } else if (route.kind === 'to-app') {
      // The app's origin is opaque: "*" is the only target origin that reaches it.
      app.contentWindow?.postMessage(route.message, '*');
    } else if (route.kind === 'to-host') {
      win.parent.postMessage(route.message, hostOrigin);
    }
  });
  win.parent.postMessage({ jsonrpc: '2.0', method: SANDBOX_PROXY_READY, params: {} }, hostOrigin);
}
