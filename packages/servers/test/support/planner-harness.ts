import {
  type AgentLoopOptions,
  type AgentResult,
  type CustomEventMap,
  createWebMcpServer,
  runAgentLoop,
  type ToolCall,
  type WebMcpLayer,
} from '@switchboard/core';
import { createOfflinePlanner } from '../../src/offline-planner/create-offline-planner.ts';

/** A widget a UI layer showed, as the `widget` event carries it. */
type ShownWidget = CustomEventMap['widget'];

/**
 * A UI layer with only `widget_display({name, params})`: it accepts any widget and echoes it back as
 * `{widget, data}`, so the loop emits the widget event a real UI layer would; like autoui's, it is a
 * presentation tool, offered from the start.
 */
export function widgetDisplayLayer(): WebMcpLayer {
  const server = createWebMcpServer('autoui', {
    description: 'Widgets on a canvas: stat, table, chart, map, markdown.',
  });
  server.registerTool(
    {
      name: 'widget_display',
      description: 'Display a widget on the canvas.',
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string' }, params: { type: 'object' } },
        required: ['name', 'params'],
        additionalProperties: false,
      },
      execute: ({ name, params }, context) => {
        const shown: ShownWidget = {
          id: `w_${context.toolCallId}`,
          type: String(name),
          data: params as Record<string, unknown>,
          toolCallId: context.toolCallId ?? '',
        };
        context.emit?.('widget', shown);
        return { widget: name, data: params, id: shown.id };
      },
    },
    { presentation: 'show data as a widget' },
  );
  return server.layer();
}

/** What one user message led to. */
export interface TurnOutcome {
  result: AgentResult;
  /** The widgets displayed, in order. */
  widgets: ShownWidget[];
  /** The names of every tool called, in order. */
  names: string[];
  /** The text of each assistant message of the turn, in order. */
  texts: string[];
  /** The last call to a given tool (by its prefixed name). */
  call(name: string): ToolCall | undefined;
}

/** Runs one user message through `runAgentLoop` with the offline planner. */
export async function runTurn(
  message: string,
  options: Omit<AgentLoopOptions, 'provider'>,
): Promise<TurnOutcome> {
  const widgets: ShownWidget[] = [];
  const texts = new Map<string, string>();
  const run = runAgentLoop(message, { provider: createOfflinePlanner(), ...options });
  for await (const event of run) {
    if (event.type === 'CUSTOM' && event.name === 'widget') widgets.push(event.value);
    if (event.type === 'TEXT_MESSAGE_CONTENT')
      texts.set(event.messageId, (texts.get(event.messageId) ?? '') + event.delta);
  }
  const result = await run;
  return {
    result,
    widgets,
    names: result.toolCalls.map((call) => call.name),
    texts: [...texts.values()],
    call: (name) => result.toolCalls.findLast((call) => call.name === name),
  };
}
