import type { ResultBufferSnapshot } from '../context/result-buffer.ts';
import { ResultBuffer } from '../context/result-buffer.ts';
import { randomId } from '../shared/random-id.ts';
import type { ChatMessage, ToolResultBlock, ToolUseBlock } from '../types/messages.ts';

/** Why a pending call waits. */
export type PendingReason = 'client_tool' | 'approval';

/** A tool call the loop could not finish on its own: the client must run it, or a person approve it. */
export interface PendingToolCall {
  block: ToolUseBlock;
  reason: PendingReason;
}

/** A step suspended in the middle of its tool calls (the assistant message is already in history). */
export interface SuspendedStep {
  /** Every tool_use of the step, in order. */
  blocks: ToolUseBlock[];
  /** Results already known, by tool_use id. */
  results: Record<string, ToolResultBlock>;
  pending: PendingToolCall[];
  /** Tool turns taken by the request before it suspended (limits carry over on resume). */
  iterations: number;
}

/** The serialized form of a session (JSON-safe). */
export interface AgentSessionSnapshot {
  id: string;
  messages: ChatMessage[];
  results: ResultBufferSnapshot;
  activatedServers: string[];
  revealedTools: string[];
  toolTurns: number;
  discovered: boolean;
  suspended?: SuspendedStep;
}

/**
 * One conversation's runtime state: history, result buffer (for recall), activated servers, tools
 * revealed by discovery, the session's tool-turn count and any suspended step. Serializable, so a
 * server can persist it and resume on another replica.
 */
export class AgentSession {
  readonly id: string;
  messages: ChatMessage[];
  readonly results: ResultBuffer;
  /** Keys `server_protocol` of servers whose full tool set is active, in activation order. */
  readonly activatedServers: string[];
  /** Prefixed names made callable by search_tools/list_tools, in discovery order. */
  readonly revealedTools: string[];
  toolTurns: number;
  /** True once a discovery tool (search/list) has been called: later calls count as guided. */
  discovered: boolean;
  suspended?: SuspendedStep;

  constructor(snapshot: Partial<AgentSessionSnapshot> = {}) {
    this.id = snapshot.id ?? `thread_${randomId()}`;
    this.messages = snapshot.messages ?? [];
    this.results = ResultBuffer.fromJSON(snapshot.results ?? []);
    this.activatedServers = snapshot.activatedServers ?? [];
    this.revealedTools = snapshot.revealedTools ?? [];
    this.toolTurns = snapshot.toolTurns ?? 0;
    this.discovered = snapshot.discovered ?? false;
    this.suspended = snapshot.suspended;
  }

  /** Marks a server as activated; returns true the first time. */
  activateServer(key: string): boolean {
    if (this.activatedServers.includes(key)) return false;
    this.activatedServers.push(key);
    return true;
  }

  /** Makes discovered tools callable; keeps discovery order and ignores repeats. */
  revealTools(names: string[]): string[] {
    const added = names.filter((name) => !this.revealedTools.includes(name));
    this.revealedTools.push(...added);
    return added;
  }

  toJSON(): AgentSessionSnapshot {
    return {
      id: this.id,
      messages: this.messages,
      results: this.results.toJSON(),
      activatedServers: this.activatedServers,
      revealedTools: this.revealedTools,
      toolTurns: this.toolTurns,
      discovered: this.discovered,
      ...(this.suspended ? { suspended: this.suspended } : {}),
    };
  }

  static fromJSON(snapshot: AgentSessionSnapshot): AgentSession {
    return new AgentSession(structuredClone(snapshot));
  }
}
