import type { Client, ClientCapabilities, ClientContext } from '@modelcontextprotocol/client';
import type { McpServerRequestHandlers, ServerRequestContext } from '../types/server-requests.ts';

/** A server request's context as the connection routes it: with the tool call that asked, when known. */
export interface AttributedRequestContext extends ServerRequestContext {
  /** The tag of the tool call the request belongs to (see `AskingCalls`); absent when the transport does not tell. */
  askingCall?: string;
}

/** The capabilities a client with these handlers declares. */
export function clientCapabilities(handlers: McpServerRequestHandlers): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (handlers.elicitation) capabilities.elicitation = { form: { applyDefaults: true }, url: {} };
  if (handlers.sampling) capabilities.sampling = {};
  if (handlers.roots) capabilities.roots = { listChanged: false };
  return capabilities;
}

/**
 * Registers the handlers on an SDK client (before it connects); `askingCall` names the tool call
 * a request's handler context belongs to, when the transport tells.
 */
export function registerServerRequestHandlers(
  client: Client,
  server: string,
  handlers: McpServerRequestHandlers,
  askingCall: (ctx: ClientContext) => string | undefined,
): void {
  const { elicitation, sampling, roots, onLog, onResourceUpdated } = handlers;
  const context = (ctx: ClientContext): AttributedRequestContext => ({
    server,
    signal: ctx.mcpReq.signal,
    askingCall: askingCall(ctx),
  });
  if (elicitation) {
    client.setRequestHandler('elicitation/create', (request, ctx) =>
      elicitation(request.params, context(ctx)),
    );
  }
  if (sampling) {
    client.setRequestHandler('sampling/createMessage', (request, ctx) =>
      sampling(request.params, context(ctx)),
    );
  }
  if (roots) client.setRequestHandler('roots/list', async () => ({ roots: [...roots] }));
  if (onLog)
    client.setNotificationHandler('notifications/message', (notification) =>
      onLog(notification.params, server),
    );
  if (onResourceUpdated) {
    client.setNotificationHandler('notifications/resources/updated', (notification) =>
      onResourceUpdated(notification.params.uri),
    );
  }
}
