/**
 * The MCP Apps sandbox proxy page (`mcp-app-sandbox.html`): the outer frame of an MCP App, served from
 * another origin than the app's page. It holds the app's own frame and relays its messages.
 */
import { startSandboxProxy } from '@switchboard/ui/sandbox-proxy';

startSandboxProxy(window);
