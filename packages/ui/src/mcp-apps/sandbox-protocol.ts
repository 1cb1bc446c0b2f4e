/** The MCP Apps notification the sandbox proxy sends the host once it can take the app's HTML. */
export const SANDBOX_PROXY_READY = 'ui/notifications/sandbox-proxy-ready';

/** The MCP Apps notification carrying the app's HTML and declared CSP from the host to the sandbox proxy. */
export const SANDBOX_RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';

/** Methods reserved for host ↔ sandbox proxy talk; the proxy never relays them to or from the app. */
export const SANDBOX_METHOD_PREFIX = 'ui/notifications/sandbox-';

/** The only sandbox the app's frame gets: scripts, and an opaque origin (no `allow-same-origin`). */
export const APP_FRAME_SANDBOX = 'allow-scripts';

/** The sandbox of the proxy frame (MCP Apps requires both; its origin differs from the host's). */
export const PROXY_FRAME_SANDBOX = 'allow-scripts allow-same-origin';

/** The query parameter of the sandbox proxy URL that names the host page's origin. */
export const HOST_ORIGIN_PARAM = 'host';
