import { McpAppPresenter, readResourceThroughConnections } from '@switchboard/autoui';
import type { AgentEvent, McpConnection, ToolCatalog } from '@switchboard/core';
import type { Logger } from 'pino';

/** What a turn's MCP Apps presenter needs. */
export interface TurnAppPresenterOptions {
  /** The turn's catalog (tool definitions carry `_meta.ui.resourceUri`). */
  catalog: ToolCatalog;
  /** The registry's connections by server name. */
  clients: ReadonlyMap<string, McpConnection>;
  /** The turn's signal: a stopped turn stops reading resources. */
  signal: AbortSignal;
  /** Where the `widget` events go: the same path as the loop's events (streamed and stored). */
  emit: (event: AgentEvent) => void;
  logger: Logger;
  conversationId: string;
}

/**
 * The MCP Apps presenter of one turn: fed every event of the turn, it reads the `ui://` resource of
 * each successful call to a tool that has one (through the registry's connection to that server) and
 * emits a `widget` event of type `mcp-app`. Await `settled()` before committing the turn.
 */
export function createTurnAppPresenter(options: TurnAppPresenterOptions): McpAppPresenter {
  const { clients, signal, logger, conversationId } = options;
  return new McpAppPresenter({
    catalog: options.catalog,
    emit: options.emit,
    readResource: readResourceThroughConnections({ connections: clients, signal, host: 'the gateway' }),
    onError: (error, call) =>
      logger.warn({ err: error, conversationId, toolCallId: call.id }, 'could not show an MCP App'),
  });
}
