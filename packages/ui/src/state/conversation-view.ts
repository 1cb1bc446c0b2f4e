import type { AgentEvent } from '@switchboard/core';
import { replyUsage, type TokenPrice } from '../format/usage-text.ts';
import { applyChatEvent, type ChatEntry, withReplyUsage } from './chat-log.ts';
import { applyConnectEvent, type ConnectRequest } from './connect-requests.ts';
import { applyConsoleEvent, type ConsoleState, EMPTY_CONSOLE } from './console-log.ts';
import { applyServerRequestEvent, NO_SERVER_REQUESTS, type ServerRequests } from './server-requests.ts';
import { applyToolStepEvent, type ToolStep } from './tool-steps.ts';
import { applyTurnCallEvent, NO_TURN_CALLS, type TurnCalls } from './turn-calls.ts';
import { applyWidgetSourceEvent, NO_WIDGET_SOURCES, type WidgetSources } from './widget-sources.ts';

/** A tool call the turn waits on the person's approval for. */
export interface ApprovalRequest {
  id: string;
  name: string;
  input: unknown;
}

/**
 * What a page shows of one conversation besides its canvas, built from the conversation's agent
 * events alone: the chat, the agent console, the tool steps, the servers' questions and connect
 * cards, each message's tool calls and each widget's source, and the calls waiting on an approval.
 * Each part is replaced, never changed in place, so a UI can hold it as raw state.
 */
export interface ConversationView {
  chat: ChatEntry[];
  console: ConsoleState;
  steps: ToolStep[];
  serverRequests: ServerRequests;
  connects: ConnectRequest[];
  turnCalls: TurnCalls;
  widgetSources: WidgetSources;
  approvals: ApprovalRequest[];
}

/** A conversation with nothing in it yet. */
export const EMPTY_CONVERSATION_VIEW: ConversationView = Object.freeze({
  chat: [],
  console: EMPTY_CONSOLE,
  steps: [],
  serverRequests: NO_SERVER_REQUESTS,
  connects: [],
  turnCalls: NO_TURN_CALLS,
  widgetSources: NO_WIDGET_SOURCES,
  approvals: [],
});

/**
 * The view after one more event of the conversation: every part reduced by its own reducer (a
 * part the event does not concern is returned as it was). `price`, the price of the model that
 * answers, puts a cost on a reply's token usage.
 */
export function applyAgentEvent(
  view: ConversationView,
  event: AgentEvent,
  price?: TokenPrice,
): ConversationView {
  const chat = applyChatEvent(view.chat, event);
  const custom = event.type === 'CUSTOM' ? event : undefined;
  return {
    chat: custom?.name === 'metrics' ? withReplyUsage(chat, replyUsage(custom.value.usage, price)) : chat,
    console: applyConsoleEvent(view.console, event),
    steps: applyToolStepEvent(view.steps, event),
    serverRequests: applyServerRequestEvent(view.serverRequests, event),
    connects: applyConnectEvent(view.connects, event),
    // A call belongs to the turn of the newest message the person sent.
    turnCalls: applyTurnCallEvent(
      view.turnCalls,
      event,
      view.chat.findLast((entry) => entry.role === 'user')?.id,
    ),
    widgetSources: applyWidgetSourceEvent(view.widgetSources, event),
    approvals: custom?.name === 'awaiting_approval' ? approvalsOf(custom.value) : view.approvals,
  };
}

function approvalsOf(value: unknown): ApprovalRequest[] {
  const calls = (value as { toolCalls?: ApprovalRequest[] } | undefined)?.toolCalls ?? [];
  return calls.map(({ id, name, input }) => ({ id, name, input }));
}
