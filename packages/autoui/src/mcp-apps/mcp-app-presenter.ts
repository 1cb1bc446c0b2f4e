import type { AgentEvent, ToolCall, ToolCatalog } from '@switchboard/core';
import { isPlainObject } from '@switchboard/core';
import type { WidgetEvent } from '../effects/ui-effects.ts';
import type { ResourceReadResult } from './mcp-app-resource.ts';
import { mcpAppFromResource, mcpAppResourceUri } from './mcp-app-resource.ts';
import type { McpAppResource, McpAppWidgetData } from './mcp-app-types.ts';
import { MCP_APP_WIDGET } from './mcp-app-types.ts';

/** The server an MCP App comes from, as the catalog knows it. */
export interface McpAppServer {
  /** The sanitized catalog name. */
  server: string;
  /** The layer's own `serverName`. */
  serverName: string;
  protocol: 'mcp' | 'webmcp';
}

/** Options of an {@link McpAppPresenter}. */
export interface McpAppPresenterOptions {
  /** The catalog the agent loop routes through (its tool definitions carry `_meta.ui`). */
  catalog: ToolCatalog | (() => ToolCatalog);
  /** Reads a resource from a server (`McpConnection.readResource`, `WebMcpServer.readResource`). */
  readResource: (server: McpAppServer, uri: string) => Promise<ResourceReadResult>;
  /** Receives the `widget` CUSTOM events of the apps, in the same stream as the loop's events. */
  emit: (event: AgentEvent) => void;
  /** Told when an app could not be shown (its resource could not be read or is not an MCP App). */
  onError?: (error: Error, call: ToolCall) => void;
}

/**
 * The host side of MCP Apps' tool–UI link. Fed every event of an agent run, it watches the `tool_call`
 * records: when a successful call went to a tool whose definition names a `ui://` resource
 * (`_meta.ui.resourceUri`), it reads that resource (once per server and URI) and emits a `widget` CUSTOM
 * event of type `mcp-app` carrying the HTML, its declared CSP, the call's input and result — so the
 * canvas shows the app beside the native widgets, and a replay of the stored events shows it again.
 */
export class McpAppPresenter {
  readonly #options: McpAppPresenterOptions;
  readonly #resources = new Map<string, Promise<McpAppResource>>();
  readonly #pending = new Set<Promise<void>>();

  constructor(options: McpAppPresenterOptions) {
    this.#options = options;
  }

  /** Looks at one event of the run; returns at once (the resource is read in the background). */
  observe(event: AgentEvent): void {
    if (event.type !== 'CUSTOM' || event.name !== 'tool_call') return;
    const call = event.value as ToolCall;
    if (!call || typeof call.resolvedName !== 'string' || call.error !== undefined) return;
    const catalog =
      typeof this.#options.catalog === 'function' ? this.#options.catalog() : this.#options.catalog;
    const parsed = catalog.parse(call.resolvedName);
    if (parsed?.kind !== 'tool') return;
    const resourceUri = mcpAppResourceUri(parsed.tool);
    if (!resourceUri) return;
    const server: McpAppServer = {
      server: parsed.server,
      serverName: parsed.layer.serverName,
      protocol: parsed.protocol,
    };
    const title = parsed.tool.title ?? parsed.tool.annotations?.title;
    const work = this.#resource(server, resourceUri)
      .then((resource) => {
        const data: McpAppWidgetData = {
          ...resource,
          ...server,
          toolName: parsed.toolName,
          ...(title ? { title } : {}),
          toolInput: isPlainObject(call.args) ? call.args : {},
          toolResult: {
            content: [{ type: 'text', text: call.result }],
            ...(isPlainObject(call.structuredContent) ? { structuredContent: call.structuredContent } : {}),
            isError: false,
          },
        };
        const widget: WidgetEvent = {
          id: `w_app_${call.id}`,
          type: MCP_APP_WIDGET,
          data: data as unknown as Record<string, unknown>,
          toolCallId: call.id,
        };
        this.#options.emit({ type: 'CUSTOM', name: 'widget', value: widget, timestamp: Date.now() });
      })
      .catch((error: unknown) => {
        const problem = error instanceof Error ? error : new Error(String(error));
        this.#options.onError?.(
          new Error(`${parsed.prefixedName}: cannot show its MCP App (${resourceUri}): ${problem.message}`, {
            cause: error,
          }),
          call,
        );
      });
    this.#pending.add(work);
    void work.finally(() => this.#pending.delete(work));
  }

  /** Resolves once every app seen so far has been emitted (or given up on): await it before ending a turn. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  #resource(server: McpAppServer, uri: string): Promise<McpAppResource> {
    const key = `${server.protocol}:${server.server}\n${uri}`;
    let resource = this.#resources.get(key);
    if (!resource) {
      resource = this.#options.readResource(server, uri).then((read) => mcpAppFromResource(read, uri));
      this.#resources.set(key, resource);
      resource.catch(() => this.#resources.delete(key));
    }
    return resource;
  }
}
