import type {
  Client,
  ClientCapabilities,
  ClientContext,
  LoggingLevel,
  LoggingMessageNotificationParams,
} from '@modelcontextprotocol/client';
import type { McpServerRequestHandlers, ServerRequestContext } from '../../types/server-requests.ts';
import { receivedTasksCapability, type TaskRequestKind } from '../tasks/received-tasks.ts';
import type { AttributedLog } from './logging-calls.ts';

/** A server request's context as the connection routes it: with the tool call that asked, when known. */
export interface AttributedRequestContext extends ServerRequestContext {
  /** The tag of the tool call the request belongs to (see `AskingCalls`); absent when the transport does not tell. */
  askingCall?: string;
}

/**
 * A receiver of a server's log messages as the connection routes them: with the tag of the tool call
 * whose response stream carried each (see `LoggingCalls`), when the transport tells. A receiver
 * that takes only the message and the server's name fits too.
 */
export type AttributedLogReceiver = (
  message: LoggingMessageNotificationParams,
  server: string,
  loggingCall?: string,
) => void;

/** Which tool call a server's request or log message belongs to, where the transport tells (`AskingCalls`). */
export interface CallAttribution {
  /** The tag of the call that asked the request handled with `ctx`. */
  askingCall(ctx: ClientContext): string | undefined;
  /** The log message as the server sent it, and the tag of the call whose stream carried it. */
  readLog(message: LoggingMessageNotificationParams): AttributedLog;
}

/**
 * The capabilities a client with these handlers declares. Elicitation and sampling, when it answers
 * them, it also runs as tasks (MCP 2025-11-25 `tasks.requests`, see `ReceivedTasks`).
 */
export function clientCapabilities(handlers: McpServerRequestHandlers): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  const taskKinds: TaskRequestKind[] = [];
  if (handlers.elicitation) {
    capabilities.elicitation = { form: { applyDefaults: true }, url: {} };
    taskKinds.push('elicitation');
  }
  if (handlers.sampling) {
    capabilities.sampling = {};
    taskKinds.push('sampling');
  }
  if (handlers.roots) capabilities.roots = { listChanged: false };
  const tasks = receivedTasksCapability(taskKinds);
  if (tasks) capabilities.tasks = tasks;
  return capabilities;
}

/**
 * The log level a client with these handlers asks of the server: `configured` (default `'info'`)
 * when it receives log messages, else none, so a server nobody listens to sends none.
 */
export function askedLogLevel(
  handlers: McpServerRequestHandlers,
  configured: LoggingLevel = 'info',
): LoggingLevel | undefined {
  return handlers.onLog ? configured : undefined;
}

/**
 * Registers the handlers on an SDK client (before it connects); `calls` names the tool call a
 * request or a log message belongs to, when the transport tells, and the handlers get it
 * (`AttributedRequestContext.askingCall`, the third argument of `onLog`).
 */
export function registerServerRequestHandlers(
  client: Client,
  server: string,
  handlers: McpServerRequestHandlers,
  calls: CallAttribution,
): void {
  const { elicitation, sampling, roots, onResourceUpdated } = handlers;
  const onLog: AttributedLogReceiver | undefined = handlers.onLog;
  const context = (ctx: ClientContext): AttributedRequestContext => ({
    server,
    signal: ctx.mcpReq.signal,
    askingCall: calls.askingCall(ctx),
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
  if (onLog) {
    client.setNotificationHandler('notifications/message', (notification) => {
      const { message, loggingCall } = calls.readLog(notification.params);
      onLog(message, server, loggingCall);
    });
  }
  if (onResourceUpdated) {
    client.setNotificationHandler('notifications/resources/updated', (notification) =>
      onResourceUpdated(notification.params.uri),
    );
  }
}
