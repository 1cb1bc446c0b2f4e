/**
 * @switchboard/ui — Svelte 5 components for Switchboard: one renderer per widget behind
 * WidgetRenderer, the canvas, the chat panel (with tool progress, the cards answering servers'
 * forms, links and sampling requests, and "Connect" cards for servers to authorize), the agent
 * console, the tool browser with the servers to connect, the approval dialog and the sandboxed
 * MCP Apps frame, plus the plain functions they are built on.
 */

export { default as AgentConsole } from './components/AgentConsole.svelte';
export { default as ApprovalDialog } from './components/ApprovalDialog.svelte';
export { default as Canvas } from './components/Canvas.svelte';
export { default as ChatPanel } from './components/ChatPanel.svelte';
export type {
  ContentPart,
  PromptArgument,
  PromptChoice,
  PromptMessage,
  ResourceChoice,
  ResourceTemplateChoice,
  ServerContentSource,
} from './components/composer/server-content.ts';
export { default as ServerConnections } from './components/ServerConnections.svelte';
export { default as ToolBrowser } from './components/ToolBrowser.svelte';
export type { FormatOptions, ValueFormat } from './format/format-value.ts';
export { displayNumber, formatValue } from './format/format-value.ts';
export type { TableColumn } from './format/table-view.ts';
export { pageOf, sortRows, tableColumns } from './format/table-view.ts';
export type { ToolTitles } from './format/tool-title.ts';
export type { ReplyUsage, TokenPrice } from './format/usage-text.ts';
export { replyUsage } from './format/usage-text.ts';
export type { FormWidgetField } from './forms/form-widget-values.ts';
export { validateFormValues } from './forms/form-widget-values.ts';
export type { SchemaField } from './forms/schema-form.ts';
export { argsFromForm, fieldsFromSchema } from './forms/schema-form.ts';
export type { Seat } from './layout/hemicycle-layout.ts';
export { hemicycleSeats } from './layout/hemicycle-layout.ts';
export type { SankeyInput, SankeyLink, SankeyNode } from './layout/sankey-layout.ts';
export { layoutSankey } from './layout/sankey-layout.ts';
export type { Keyed } from './lists/keyed.ts';
export { idKeys, nameKeys } from './lists/list-keys.ts';
export type { IncomingMessage } from './mcp-apps/message-guards.ts';
export { isJsonRpcMessage, isMessageFrom, OPAQUE_ORIGIN } from './mcp-apps/message-guards.ts';
export type { SandboxFrames, SandboxRoute } from './mcp-apps/route-sandbox-message.ts';
export { routeSandboxMessage } from './mcp-apps/route-sandbox-message.ts';
export type { SandboxFrameUrl } from './mcp-apps/sandbox-frame-url.ts';
export { sandboxFrameUrl } from './mcp-apps/sandbox-frame-url.ts';
export { sandboxHostOrigin } from './mcp-apps/sandbox-host-origin.ts';
export {
  APP_FRAME_SANDBOX,
  HOST_ORIGIN_PARAM,
  PROXY_FRAME_SANDBOX,
  SANDBOX_PROXY_READY,
  SANDBOX_RESOURCE_READY,
} from './mcp-apps/sandbox-protocol.ts';
export { startSandboxProxy } from './mcp-apps/start-sandbox-proxy.ts';
export type {
  MessageListenerTarget,
  WindowMessageTransportOptions,
} from './mcp-apps/window-message-transport.ts';
export { WindowMessageTransport } from './mcp-apps/window-message-transport.ts';
export { withContentSecurityPolicy } from './mcp-apps/with-content-security-policy.ts';
export type { ChatEntry } from './state/chat-log.ts';
export { applyChatEvent, userEntry, withReplyUsage } from './state/chat-log.ts';
export type { ConnectRequest, ConnectStatus } from './state/connect-requests.ts';
export { applyConnectEvent, markConnectRequest } from './state/connect-requests.ts';
export type { ConsoleEntry, ConsoleState } from './state/console-log.ts';
export { applyConsoleEvent, EMPTY_CONSOLE, MAX_CONSOLE_ENTRIES } from './state/console-log.ts';
export type { ApprovalRequest, ConversationView } from './state/conversation-view.ts';
export { applyAgentEvent, EMPTY_CONVERSATION_VIEW } from './state/conversation-view.ts';
export type { HistoryCall } from './state/restore-calls.ts';
export { restoreCalls } from './state/restore-calls.ts';
export type { ElicitationAnswer, ServerRequests } from './state/server-requests.ts';
export { applyServerRequestEvent, NO_SERVER_REQUESTS } from './state/server-requests.ts';
export type { ToolStep } from './state/tool-steps.ts';
export { applyToolStepEvent } from './state/tool-steps.ts';
export type { CallChip, TurnCalls } from './state/turn-calls.ts';
export { applyTurnCallEvent, NO_TURN_CALLS } from './state/turn-calls.ts';
export type { WidgetSource, WidgetSources } from './state/widget-sources.ts';
export { applyWidgetSourceEvent, NO_WIDGET_SOURCES } from './state/widget-sources.ts';
export { createMarkdownRenderer } from './widgets/render-markdown.ts';
export { default as WidgetRenderer } from './widgets/WidgetRenderer.svelte';
export type { WidgetData } from './widgets/widget-data.ts';
export type { McpAppToolCall, WidgetHost } from './widgets/widget-host.ts';
export { getWidgetHost, setWidgetHost } from './widgets/widget-host.ts';
