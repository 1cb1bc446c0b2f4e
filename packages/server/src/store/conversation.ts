import type { AgentSessionSnapshot, ApprovalPolicy, McpToolDef } from '@switchboard/core';

/** A tool enabled in a conversation: a server's tool, or all its tools with `tool_name: "*"`. */
export interface EnabledTool {
  server_id: string;
  tool_name: string;
}

/** Per-conversation limits; they can only lower the deployment's. */
export interface ConversationLimits {
  tool_turns_per_request?: number;
  tool_turns_per_session?: number;
}

/** A tool the client executes itself, declared with a chat request. */
export interface ClientToolDeclaration {
  name: string;
  description?: string;
  input_schema: McpToolDef['inputSchema'];
  annotations?: McpToolDef['annotations'];
}

/** What a conversation is doing. */
export type ConversationStatus = 'idle' | 'running' | 'awaiting_client_tool' | 'awaiting_approval';

/** A call the conversation waits for: the client's result or a person's decision. */
export interface PendingCall {
  call_id: string;
  /** The name the model called. */
  name: string;
  /** The server and tool it routes to (for client tools, the name the client declared). */
  server?: string;
  tool?: string;
  input: unknown;
  reason: 'client_tool' | 'approval';
}

/** A conversation as the API returns it. */
export interface Conversation {
  id: string;
  title: string;
  system_prompt: string;
  context: unknown;
  model: string | null;
  enabled_tools: EnabledTool[];
  limits: ConversationLimits;
  approval_policy: ApprovalPolicy | null;
  status: ConversationStatus;
  pending: PendingCall[];
  created_at: string;
  updated_at: string;
}

/** The stored row, with what the API does not show. */
export interface ConversationRow {
  id: string;
  user_id: string;
  title: string;
  system_prompt: string;
  context: unknown;
  model: string | null;
  enabled_tools: EnabledTool[];
  limits: ConversationLimits;
  approval_policy: ApprovalPolicy | null;
  client_tools: ClientToolDeclaration[];
  session: AgentSessionSnapshot;
  /** Grows with every write of `session`. */
  session_version: number;
  session_message_seq: number;
  /** The session's tool turns (as in `session.toolTurns`). */
  tool_turns: number;
  status: ConversationStatus;
  pending: PendingCall[];
  run_id: string | null;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  stop_requested: boolean;
  event_seq: number;
  created_at: Date;
  updated_at: Date;
}

/** The columns of the API view (everything but the session, which can be large). */
export const CONVERSATION_COLUMNS = `id, user_id, title, system_prompt, context, model, enabled_tools, limits,
  approval_policy, status, pending, created_at, updated_at`;

/** A row of {@link CONVERSATION_COLUMNS}. */
export type ConversationViewRow = Omit<
  ConversationRow,
  | 'client_tools'
  | 'session'
  | 'session_version'
  | 'session_message_seq'
  | 'tool_turns'
  | 'run_id'
  | 'lease_owner'
  | 'lease_expires_at'
  | 'stop_requested'
  | 'event_seq'
>;

/** The API view of a conversation row. */
export function toConversation(row: ConversationViewRow): Conversation {
  return {
    id: row.id,
    title: row.title,
    system_prompt: row.system_prompt,
    context: row.context ?? null,
    model: row.model,
    enabled_tools: row.enabled_tools,
    limits: row.limits,
    approval_policy: row.approval_policy,
    status: row.status,
    pending: row.pending ?? [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A stored session (the `session` column holds its JSON as text). */
export function parseSession(stored: string): AgentSessionSnapshot {
  return JSON.parse(stored) as AgentSessionSnapshot;
}

/** A timestamp column as ISO 8601. */
export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
