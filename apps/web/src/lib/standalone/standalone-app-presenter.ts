import { McpAppPresenter, readResourceThroughConnections } from '@switchboard/autoui';
import type { AgentEvent, McpConnection, ToolCatalog } from '@switchboard/core';
import { mcpAppNotice } from '../mcp-apps/mcp-app-notice.ts';

/** What the MCP Apps presenter of one standalone run needs. */
export interface StandaloneAppPresenterOptions {
  /** The run's catalog (tool definitions carry `_meta.ui.resourceUri`). */
  catalog: ToolCatalog;
  /** The page's connections to remote MCP servers, by server name. */
  connections: ReadonlyMap<string, McpConnection>;
  /** The run's signal: a stopped run reads no more resources and shows no notice about them. */
  signal: AbortSignal;
  /** Where the `widget` events go: the run's event listener (chat, console, canvas). */
  emit: (event: AgentEvent) => void;
}

/**
 * The MCP Apps presenter of one run in the page, as the gateway has one per turn: fed every event of
 * the run, it reads the `ui://` resource of each successful call to a remote server's tool that has
 * one, through the page's connection to that server, and emits an `mcp-app` widget. An app that
 * cannot be shown becomes a warning notice on the canvas. Await `settled()` before saving the run.
 */
export function createStandaloneAppPresenter(options: StandaloneAppPresenterOptions): McpAppPresenter {
  const { signal, emit } = options;
  return new McpAppPresenter({
    catalog: options.catalog,
    emit,
    readResource: readResourceThroughConnections({
      connections: options.connections,
      signal,
      host: 'this page',
    }),
    onError: (error, call) => {
      if (signal.aborted) return;
      console.warn('switchboard: could not show an MCP App:', error);
      emit(mcpAppNotice(error, call));
    },
  });
}
