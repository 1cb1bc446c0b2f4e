import type { McpAppCsp } from '@switchboard/autoui';
import { buildMcpAppCsp } from '@switchboard/autoui/mcp-app-csp';
import type { IncomingMessage } from './message-guards.ts';
import { isJsonRpcMessage, isMessageFrom, methodOf, OPAQUE_ORIGIN } from './message-guards.ts';
import { SANDBOX_METHOD_PREFIX, SANDBOX_RESOURCE_READY } from './sandbox-protocol.ts';
import { withContentSecurityPolicy } from './with-content-security-policy.ts';

/** What the sandbox proxy knows when a message arrives. */
export interface SandboxFrames {
  /** The host page (`window.parent`) and the origin it must have. */
  host: MessageEventSource | null;
  hostOrigin: string;
  /** The app's frame (`inner.contentWindow`); its origin is opaque (`"null"`). */
  app: MessageEventSource | null;
  /** Whether the app's HTML was loaded already (it is loaded once). */
  loaded: boolean;
}

/** What the sandbox proxy does with one message. */
export type SandboxRoute =
  | { kind: 'load'; srcdoc: string; policy: string }
  | { kind: 'to-app'; message: unknown }
  | { kind: 'to-host'; message: unknown }
  | { kind: 'drop'; reason: string };

/**
 * The sandbox proxy's message rules. From the host (right window AND right origin): the
 * `sandbox-resource-ready` notification loads the app once, with its CSP placed first in the
 * document; other JSON-RPC messages go to the app. From the app (its frame AND the opaque origin):
 * JSON-RPC messages go to the host, except the sandbox's own methods, which the app may not forge.
 * Everything else is dropped.
 */
export function routeSandboxMessage(event: IncomingMessage, frames: SandboxFrames): SandboxRoute {
  if (isMessageFrom(event, frames.host, frames.hostOrigin)) {
    if (!isJsonRpcMessage(event.data)) return { kind: 'drop', reason: 'not JSON-RPC' };
    const method = methodOf(event.data);
    if (method === SANDBOX_RESOURCE_READY) {
      if (frames.loaded) return { kind: 'drop', reason: 'the app is loaded already' };
      const params = ((event.data as { params?: unknown }).params ?? {}) as { html?: unknown; csp?: unknown };
      if (typeof params.html !== 'string') return { kind: 'drop', reason: 'no HTML to load' };
      const csp = (typeof params.csp === 'object' && params.csp !== null ? params.csp : {}) as McpAppCsp;
      const policy = buildMcpAppCsp(csp);
      return { kind: 'load', srcdoc: withContentSecurityPolicy(params.html, policy), policy };
    }
    if (method?.startsWith(SANDBOX_METHOD_PREFIX))
      return { kind: 'drop', reason: `${method} is not for the app` };
    return { kind: 'to-app', message: event.data };
  }
  if (isMessageFrom(event, frames.app, OPAQUE_ORIGIN)) {
    if (!isJsonRpcMessage(event.data)) return { kind: 'drop', reason: 'not JSON-RPC' };
    const method = methodOf(event.data);
    if (method?.startsWith(SANDBOX_METHOD_PREFIX))
      return { kind: 'drop', reason: `the app may not send ${method}` };
    return { kind: 'to-host', message: event.data };
  }
  return { kind: 'drop', reason: 'unknown sender (window or origin)' };
}
