import type { AgentSession, PendingToolCall } from '../session/agent-session.ts';
import type { ResumeInput } from './agent-loop-types.ts';
import { ResumeError } from './agent-loop-types.ts';

/** Checks resume input against the suspended step; throws ResumeError on unknown, duplicate or mismatched ids. */
export function validateResume(session: AgentSession, input: ResumeInput): void {
  const suspended = session.suspended;
  if (!suspended)
    throw new ResumeError(
      'nothing_suspended',
      'nothing to resume: this conversation is not waiting for tool results or approvals',
    );
  const pendingById = new Map(suspended.pending.map((call) => [call.block.id, call]));
  const seen = new Set<string>();
  const check = (id: string, kind: PendingToolCall['reason']) => {
    if (seen.has(id))
      throw new ResumeError('not_pending', `tool call ${id} is answered twice in this request`);
    seen.add(id);
    const pending = pendingById.get(id);
    if (!pending) {
      const known = suspended.blocks.some((block) => block.id === id);
      throw known
        ? new ResumeError('not_pending', `tool call ${id} already has a result`)
        : new ResumeError(
            'unknown_call',
            `unknown tool call id ${id}; pending: ${[...pendingById.keys()].join(', ')}`,
          );
    }
    if (pending.reason !== kind) {
      throw new ResumeError(
        'wrong_kind',
        `tool call ${id} waits for ${pending.reason === 'approval' ? 'an approval' : 'a client tool result'}`,
      );
    }
  };
  for (const result of input.toolResults ?? []) check(result.toolCallId, 'client_tool');
  for (const approval of input.approvals ?? []) {
    check(approval.toolCallId, 'approval');
    if (approval.decision !== 'approve' && approval.decision !== 'deny') {
      throw new ResumeError('wrong_kind', `decision for ${approval.toolCallId} must be "approve" or "deny"`);
    }
  }
}
