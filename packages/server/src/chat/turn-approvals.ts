import type { AgentResult, AgentSession, ApprovalPolicy, ToolCatalog, ToolUseBlock } from '@switchboard/core';
import type { ApprovalDecision, ApprovalRequest } from '../store/commit-turn.ts';
import type { PendingCall } from '../store/conversation.ts';
import type { ApprovalAnswer, TurnInput } from './turn-types.ts';

/** A resume's approval answer with the suspended call it answers (when that call exists). */
export interface ResumeDecision {
  decision: ApprovalAnswer;
  block?: ToolUseBlock;
}

/** The approval answers a turn brings, each matched with the call the session was waiting on. */
export function resumeDecisions(input: TurnInput, session: AgentSession): ResumeDecision[] {
  const decisions = input.kind === 'resume' ? (input.approvals ?? []) : [];
  const pendingBefore = session.suspended?.pending ?? [];
  return decisions.map((decision) => ({
    decision,
    block: pendingBefore.find((call) => call.block.id === decision.toolCallId)?.block,
  }));
}

/** A call the turn left waiting, with the MCP server and tool it names. */
export function pendingCall(
  block: ToolUseBlock,
  reason: PendingCall['reason'],
  catalog: ToolCatalog,
): PendingCall {
  const parsed = catalog.parse(catalog.resolveAlias(block.name));
  return {
    call_id: block.id,
    name: block.name,
    ...(parsed?.kind === 'tool' ? { tool: parsed.toolName, server: parsed.server } : {}),
    input: block.input,
    reason,
  };
}

/** The approval requests to store for the calls a turn left waiting for approval. */
export function approvalRequests(result: AgentResult, catalog: ToolCatalog): ApprovalRequest[] {
  return result.pending
    .filter((call) => call.reason === 'approval')
    .map(({ block }) => {
      const parsed = catalog.parse(catalog.resolveAlias(block.name));
      return {
        call_id: block.id,
        tool_name: block.name,
        ...(parsed?.kind === 'tool' ? { server: parsed.server, tool: parsed.toolName } : {}),
        input: block.input,
      };
    });
}

/** The MCP calls (server by registered name, real tool name) a resume's answers decline: never run. */
export function declinedCalls(
  decisions: readonly ResumeDecision[],
  catalog: ToolCatalog,
): Array<{ serverName: string; tool: string }> {
  return decisions.flatMap(({ decision, block }) => {
    if (decision.decision !== 'deny' || !block) return [];
    const parsed = catalog.parse(catalog.resolveAlias(block.name));
    if (parsed?.kind !== 'tool' || parsed.protocol !== 'mcp') return [];
    return [{ serverName: parsed.layer.serverName, tool: parsed.toolName }];
  });
}

/** The approval decisions to store for a resume's answers. */
export function approvalDecisions(decisions: readonly ResumeDecision[]): ApprovalDecision[] {
  return decisions.map(({ decision }) => ({
    call_id: decision.toolCallId,
    status: decision.decision === 'approve' ? 'approved' : 'denied',
    remember: decision.remember ?? false,
  }));
}

/** The conversation's policy with a rule for each remembered decision (newest rules first). */
export function rememberedPolicy(
  current: ApprovalPolicy | null,
  decisions: readonly ResumeDecision[],
  catalog: ToolCatalog,
): ApprovalPolicy | undefined {
  const rules = decisions.flatMap(({ decision, block }) => {
    if (!decision.remember || !block) return [];
    const parsed = catalog.parse(catalog.resolveAlias(block.name));
    if (parsed?.kind !== 'tool') return [];
    return [
      {
        match: `${parsed.server}:${parsed.toolName}`,
        action: decision.decision === 'approve' ? ('allow' as const) : ('deny' as const),
      },
    ];
  });
  if (rules.length === 0) return undefined;
  const kept = (current?.rules ?? []).filter((rule) => !rules.some((added) => added.match === rule.match));
  return { ...(current ?? {}), rules: [...rules, ...kept] };
}
