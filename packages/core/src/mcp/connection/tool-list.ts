import type { Tool } from '@modelcontextprotocol/client';
import type { McpLayer, McpToolDef } from '../../types/layers.ts';
import { type TaskSupport, taskSupportOf } from '../tasks/tool-task.ts';
import { ChangeListeners } from './change-listeners.ts';
import type { ClientTarget } from './open-client.ts';
import { toToolDef } from './to-tool-def.ts';

/** Receives the server's layer after its tool list changed. */
export type ToolsChangedListener = (layer: McpLayer) => void;

/**
 * The tools one server listed last, as the layer a model sees, and whoever wants to hear when
 * they change. Also remembers each tool's `execution.taskSupport`.
 */
export class ToolList {
  /** Told of the new layer when a fresh listing differs from the one known before. */
  readonly listeners = new ChangeListeners<McpLayer>();
  /** The server's description in its layer (set once it is connected). */
  description?: string;
  readonly #serverName: string;
  readonly #serverUrl?: string;
  #tools?: McpToolDef[];
  #taskSupport = new Map<string, TaskSupport>();
  /** The first listing of the tools, shared by every caller waiting for it. */
  #firstListing?: Promise<unknown>;

  constructor(serverName: string, target: ClientTarget) {
    this.#serverName = serverName;
    if (target.type === 'http' || target.type === 'sse') this.#serverUrl = target.url.href;
  }

  /** True once the tools were listed. */
  get listed(): boolean {
    return this.#tools !== undefined;
  }

  /** The first listing, started with `list` unless one already runs; it ends for everyone at once. */
  firstListing(list: () => Promise<unknown>): Promise<unknown> {
    this.#firstListing ??= list().finally(() => {
      this.#firstListing = undefined;
    });
    return this.#firstListing;
  }

  /** Stores a fresh tool list; tells the listeners when it differs from the one known before. */
  update(tools: Tool[]): McpToolDef[] {
    const defs = tools.map(toToolDef);
    this.#taskSupport = new Map(tools.map((tool) => [tool.name, taskSupportOf(tool)]));
    const previous = this.#tools;
    this.#tools = defs;
    if (previous && JSON.stringify(previous) !== JSON.stringify(defs)) {
      this.listeners.notify(this.layer());
    }
    return defs;
  }

  /** A listed tool's definition, by its name. */
  definition(toolName: string): McpToolDef | undefined {
    return this.#tools?.find((tool) => tool.name === toolName);
  }

  /** A listed tool's `execution.taskSupport`. */
  taskSupport(toolName: string): TaskSupport | undefined {
    return this.#taskSupport.get(toolName);
  }

  /** The server's tools as a layer (none before they were listed). */
  layer(): McpLayer {
    const layer: McpLayer = {
      protocol: 'mcp',
      serverName: this.#serverName,
      tools: [...(this.#tools ?? [])],
    };
    if (this.#serverUrl) layer.serverUrl = this.#serverUrl;
    if (this.description) layer.description = this.description;
    return layer;
  }
}
