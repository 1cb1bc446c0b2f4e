import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
  LoggingMessageNotificationParams,
  Root,
} from '@modelcontextprotocol/client';

/** What a handler of a server's request knows about it. */
export interface ServerRequestContext {
  /** The server's name (as given to the connection). */
  server: string;
  /** Aborted when the server cancels the request or the connection closes. */
  signal: AbortSignal;
}

/**
 * Answers to what a server asks of the client. Each handler given declares the matching
 * client capability in the handshake; a server asking for one that is absent gets the
 * protocol's "method not found" error.
 */
export interface McpServerRequestHandlers {
  /**
   * Answers `elicitation/create`: a form built from `requestedSchema` (form mode) or a link
   * the user opens (URL mode). Accepted form content that omits fields gets the schema's
   * defaults (SEP-1034) before it goes back to the server.
   */
  elicitation?: (params: ElicitRequestParams, context: ServerRequestContext) => Promise<ElicitResult>;
  /** Answers `sampling/createMessage` (a completion by the client's model). */
  sampling?: (
    params: CreateMessageRequestParams,
    context: ServerRequestContext,
  ) => Promise<CreateMessageResult>;
  /** The roots (directories, repositories) the server may work in, answered to `roots/list`. */
  roots?: readonly Root[];
  /** Receives the server's log messages (`notifications/message`), with the server's name. */
  onLog?: (message: LoggingMessageNotificationParams, server: string) => void;
  /** Receives `notifications/resources/updated` for resources subscribed to. */
  onResourceUpdated?: (uri: string) => void;
}
