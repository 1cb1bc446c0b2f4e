import { type AgentEvent, RECALL_TOOL_NAME, type WebMcpServer } from '@switchboard/core';

/** The part of the WebMCP `document.modelContext` API the page uses. */
export interface ModelContextLike {
  registerTool(
    tool: {
      name: string;
      description: string;
      inputSchema?: object;
      execute: (input: Record<string, unknown>) => Promise<unknown>;
    },
    options?: { signal?: AbortSignal },
  ): unknown;
}

/** Tools never offered to browser agents (answered by the agent loop itself). */
const INTERNAL_TOOLS = new Set([RECALL_TOOL_NAME]);

/**
 * Registers the page's local tools with the browser's WebMCP `document.modelContext`, so browser agents can
 * use them; names are `{server}_{tool}`. `onEffect` sees the CUSTOM event of every effect a tool emits (a
 * widget, a canvas action), to apply it to the canvas.
 * Returns the function that unregisters them all (by aborting their signal). Without `modelContext`,
 * nothing happens.
 */
export function registerPageTools(
  modelContext: ModelContextLike | undefined,
  servers: readonly WebMcpServer[],
  onEffect: (event: AgentEvent) => void = () => {},
): () => void {
  const controller = new AbortController();
  if (!modelContext || typeof modelContext.registerTool !== 'function') return () => controller.abort();
  for (const server of servers) {
    for (const tool of server.listTools()) {
      if (INTERNAL_TOOLS.has(tool.name)) continue;
      try {
        modelContext.registerTool(
          {
            name: `${server.name}_${tool.name}`.replace(/[^A-Za-z0-9_-]/g, '_'),
            description: tool.description ?? tool.name,
            inputSchema: tool.inputSchema,
            execute: async (input) => {
              return server.executeTool(tool.name, input ?? {}, {
                emit: (name, value) =>
                  onEffect({ type: 'CUSTOM', name, value, timestamp: Date.now() } as AgentEvent),
              });
            },
          },
          { signal: controller.signal },
        );
      } catch (error) {
        console.warn(`switchboard: the browser refused to register ${server.name}_${tool.name}:`, error);
      }
    }
  }
  return () => controller.abort();
}
