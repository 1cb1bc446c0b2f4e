import type { CanvasEvent, CanvasSnapshot, McpAppToolResult } from '@switchboard/autoui';
import type { AgentEvent, JsonSchema } from '@switchboard/core';
import type {
  ChatEntry,
  ElicitationAnswer,
  HistoryCall,
  McpAppToolCall,
  ServerContentSource,
} from '@switchboard/ui';
import type { RemoteMcpConnections } from './standalone/remote-mcp-connections.ts';
import type { ConversationLibrary } from './workspace/conversations/conversation-library.ts';

/** A tool the tool browser lists. */
export interface BrowsableTool {
  name: string;
  /** The human title its server gives it (MCP `title` or `annotations.title`), when it gives one. */
  title?: string;
  /** The name the model's calls use, when not `name` (the gateway's `{server}_mcp_{tool}`). */
  calledAs?: string;
  description?: string;
  inputSchema: JsonSchema;
}

/** What a direct tool call gave: a widget to show, or an error. */
export type ToolCallOutcome = { widget: string; data: Record<string, unknown> } | { error: string };

/** A person's answer to a call waiting for approval. */
export interface ApprovalDecision {
  toolCallId: string;
  decision: 'approve' | 'deny';
}

/** What became of an answer to a server's request: taken, or refused with the reason to show the person. */
export type AnswerOutcome = { ok: true } | { ok: false; message: string };

/** A conversation as it was left: its chat and its canvas. */
export interface RestoredConversation {
  chat: ChatEntry[];
  canvas: CanvasEvent[];
  /** Calls still waiting for approval. */
  pending: Array<{ id: string; name: string; input: unknown }>;
  /** The finished tool calls, for their chips and the widgets' sources (when the store keeps them). */
  history?: HistoryCall[];
  /** A turn is still running (started before the page was reloaded): follow it with `followRunningTurn`. */
  running: boolean;
  /** Whether the conversation has older messages than `chat`, read with {@link ConversationDriver.loadOlder}. */
  hasOlder?: boolean;
  /** Gateway mode: the id of the operator's model the conversation uses (null: the default). */
  model?: string | null;
}

/** A page of older messages of a conversation: what goes before the chat the page shows. */
export interface OlderHistory {
  chat: ChatEntry[];
  /** Their finished tool calls (chips and widget sources). */
  history: HistoryCall[];
  /** Whether there are older messages still. */
  hasOlder: boolean;
}

/** A server of the gateway and whether the person has connected it (`not_needed`: it uses no OAuth). */
export interface ServerAuthorizationStatus {
  id: string;
  name: string;
  authorization: 'connected' | 'required' | 'not_needed';
}

/** Gateway mode: connecting the person to the servers that authorize each user with OAuth. */
export interface ServerAuthorizationApi {
  /** The servers the person may use, with their authorization (`GET /servers`). */
  list(): Promise<ServerAuthorizationStatus[]>;
  /**
   * Starts connecting a server; resolves with the authorization page to open. With `pageHref` (the
   * app's address) the gateway sends the person back there, to this conversation, when they are
   * done (a full-page redirect); without it, it ends on its own "connected" page (a popup).
   */
  authorize(serverId: string, pageHref?: string): Promise<string>;
  /** Revokes and forgets the person's authorization of a server. */
  disconnect(serverId: string): Promise<void>;
}

/** The parts of `window` connecting a server uses: a popup, or the page's own address. */
export interface ConnectWindow {
  open(url: string, target: string, features: string): ConnectPopup | null;
  location: { href: string; assign(url: string): void };
}

/** The popup showing the authorization page. */
export interface ConnectPopup {
  opener: unknown;
  closed: boolean;
  location: { href: string };
  close(): void;
}

/** What became of connecting: connected, the page is leaving for the authorization page, or why not. */
export type ConnectOutcome =
  | { status: 'connected' }
  | { status: 'redirected' }
  | { status: 'failed'; message: string };

/**
 * One conversation, driven either in the page (standalone) or through the gateway. Every change comes
 * back as AG-UI events through the listener given to `open`.
 */
export interface ConversationDriver {
  /**
   * `gateway`: the gateway decides every call's approval and asks the person itself (its question
   * arrives as an `elicitation_request` marked `approval`); `standalone`: this page decides.
   */
  readonly mode: 'standalone' | 'gateway';
  /** What answers: a model id, or a plain statement that it is the offline planner. */
  readonly modelLabel: string;
  /** Standalone mode: the remote MCP servers the page connects to (added at run time in the tool panel). */
  readonly remoteMcp?: RemoteMcpConnections;
  /** Gateway mode: the servers the person connects (OAuth) before a turn may use them. */
  readonly serverAuthorizations?: ServerAuthorizationApi;
  /**
   * Connects the person to a server that asks for their authorization (a gateway server's OAuth,
   * or a remote server's in standalone mode): a popup, or the page itself when the browser blocks
   * it. Call it from the click itself, which the popup needs.
   */
  connectServer?(server: { id: string; name: string }, window: ConnectWindow): Promise<ConnectOutcome>;
  /** The servers' prompts (slash commands) and resources (attached to a message), when there are servers. */
  readonly serverContent?: ServerContentSource;
  /** Gateway mode: the person's conversations (listed, renamed, deleted) and the operator's models. */
  readonly conversations?: ConversationLibrary;
  /** Gateway mode: the id of the open conversation. */
  currentConversation?(): string;
  /**
   * Gateway mode: makes `id` the open conversation (remembered in this browser, so a reload reopens
   * it); `open` then restores it. Stop the running turn first.
   */
  openConversation?(id: string): Promise<void>;
  /**
   * Gateway mode: a request to the gateway's API as the signed-in person (their key or token sent,
   * a refused credential handled as for every request): the usage page and admin console use it.
   */
  gatewayRequest?(path: string, init?: RequestInit): Promise<Response>;
  /** Restores the conversation and starts delivering events to `listener`. */
  open(listener: (event: AgentEvent) => void): Promise<RestoredConversation>;
  /** Reads the page of messages before the oldest the page has read (when `open` said there are older ones). */
  loadOlder?(): Promise<OlderHistory>;
  /** Delivers the events of the turn still running, from its start; resolves when it has ended. */
  followRunningTurn(): Promise<void>;
  /** Sends a user message; resolves when the run has ended. */
  send(text: string): Promise<void>;
  /** Stops the running turn. */
  stop(): void;
  /** Answers calls waiting for approval; resolves when the resumed run has ended. */
  decide(decisions: ApprovalDecision[]): Promise<void>;
  /**
   * Answers a form or link a server asks for during the running turn (an `elicitation_request`
   * event); refused when the content does not fit the form or nothing waits under that id.
   */
  answerElicitation(requestId: string, answer: ElicitationAnswer): Promise<AnswerOutcome>;
  /** Approves or denies a server's sampling request of the running turn (a `sampling_request` event). */
  answerSampling(requestId: string, approve: boolean): Promise<AnswerOutcome>;
  listTools(): Promise<BrowsableTool[]>;
  /** Calls a tool for the Tools tab or a widget's button, under the approval policy. */
  callTool(name: string, args: Record<string, unknown>): Promise<ToolCallOutcome>;
  /**
   * Runs an MCP App's `tools/call` on the app's own server under the approval policy: in standalone
   * mode `confirm` asks the user when the policy says "ask"; in gateway mode the gateway asks.
   * Refusals and failures come back as `isError` results.
   */
  callAppTool(call: McpAppToolCall, confirm: () => Promise<boolean>): Promise<McpAppToolResult>;
  /** Keeps the canvas (including the user's own moves) with the conversation. */
  saveCanvas(snapshot: CanvasSnapshot, chat: ChatEntry[]): void;
  /** Starts a new, empty conversation. */
  reset(): Promise<void>;
}
