import type { AgentEvent, ToolCall } from '@switchboard/core';

/**
 * The canvas notice shown in place of an MCP App that could not be shown (its resource could not be
 * read, or is not an MCP App): a warning `alert` widget naming the call's tool and the reason. The
 * reason is shown as text, never as markup.
 */
export function mcpAppNotice(error: Error, call: Pick<ToolCall, 'id' | 'name'>): AgentEvent {
  return {
    type: 'CUSTOM',
    name: 'widget',
    timestamp: Date.now(),
    value: {
      id: `w_app_notice_${call.id}`,
      type: 'alert',
      toolCallId: call.id,
      data: { level: 'warning', title: `The app of ${call.name} could not be shown`, message: error.message },
    },
  };
}
