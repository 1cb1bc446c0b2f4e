import type { DispatchOutcome, ToolDispatcher } from '../dispatch/dispatcher.ts';
import { errorText } from '../dispatch/tool-result-text.ts';
import type { AgentSession, PendingToolCall } from '../session/agent-session.ts';
import type { AgentEventInput } from '../types/events.ts';
import type { CallServerRequests } from '../types/layers.ts';
import type { ToolResultBlock, ToolUseBlock } from '../types/messages.ts';
import type { ToolCall } from '../types/tool-call.ts';
import type { ApprovalPolicies } from './approval-policy.ts';
import { decideApproval } from './approval-policy.ts';
import type { LoopDetector } from './loop-detector.ts';

/** What a tool step needs from the run. */
export interface ToolStepContext {
  dispatcher: ToolDispatcher;
  session: AgentSession;
  signal: AbortSignal;
  emit: (event: AgentEventInput) => void;
  /** Answers to what a server asks during a call of this step (the run's person and model). */
  serverRequests?: CallServerRequests;
  approvalPolicies?: ApprovalPolicies;
  loopDetector: LoopDetector;
  repeatedCallLimit: number;
}

/** The outcome of a tool step: results by id, calls made, and calls left for the client or a person. */
export interface ToolStepResult {
  results: Record<string, ToolResultBlock>;
  calls: ToolCall[];
  pending: PendingToolCall[];
}

/**
 * Runs the tool calls of one model step: client-side tools and calls needing approval are set aside,
 * denied and endlessly repeated calls are answered with an explanation, the rest run in parallel.
 */
export async function runToolStep(blocks: ToolUseBlock[], context: ToolStepContext): Promise<ToolStepResult> {
  const results: Record<string, ToolResultBlock> = {};
  const pending: PendingToolCall[] = [];
  const runnable: ToolUseBlock[] = [];

  for (const block of blocks) {
    const verdict = classify(block, context);
    if (verdict.kind === 'answer') results[block.id] = answer(block, verdict.text, context);
    else if (verdict.kind === 'pending') pending.push({ block, reason: verdict.reason });
    else runnable.push(block);
  }
  const calls = await executeAll(runnable, context, results);
  return { results, calls, pending };
}

/**
 * Runs approved or otherwise runnable calls and records their results, in block order. Calls to
 * different servers run in parallel; calls to the same server run one after another unless they are all
 * read-only (a server that rewrites its state on every call could otherwise lose writes).
 */
export async function executeAll(
  blocks: ToolUseBlock[],
  context: Pick<ToolStepContext, 'dispatcher' | 'session' | 'signal' | 'emit' | 'serverRequests'>,
  results: Record<string, ToolResultBlock>,
): Promise<ToolCall[]> {
  const lanes = new Map<string, number[]>();
  blocks.forEach((block, index) => {
    const lane = laneOf(block, context.dispatcher);
    lanes.set(lane, [...(lanes.get(lane) ?? []), index]);
  });
  const outcomes: DispatchOutcome[] = new Array(blocks.length);
  const dispatchContext = {
    session: context.session,
    signal: context.signal,
    emit: context.emit,
    serverRequests: context.serverRequests,
  };
  await Promise.all(
    [...lanes.values()].map(async (lane) => {
      for (const index of lane)
        outcomes[index] = await context.dispatcher.dispatch(blocks[index], dispatchContext);
    }),
  );
  return outcomes.map(({ result, call }) => {
    results[result.tool_use_id] = result;
    context.emit({
      type: 'TOOL_CALL_RESULT',
      messageId: `result_${call.id}`,
      toolCallId: call.id,
      content: result.content,
      role: 'tool',
    });
    context.emit({ type: 'CUSTOM', name: 'tool_call', value: call });
    return call;
  });
}

/** Calls sharing a lane run sequentially: writes to one server; read-only calls each get their own lane. */
function laneOf(block: ToolUseBlock, dispatcher: ToolDispatcher): string {
  const { catalog } = dispatcher;
  const parsed = typeof block.name === 'string' ? catalog.parse(catalog.resolveAlias(block.name)) : undefined;
  if (parsed?.kind !== 'tool' || parsed.tool.annotations?.readOnlyHint === true) return `call:${block.id}`;
  return `server:${parsed.protocol}:${parsed.server}`;
}

type Verdict =
  | { kind: 'run' }
  | { kind: 'answer'; text: string }
  | { kind: 'pending'; reason: PendingToolCall['reason'] };

function classify(block: ToolUseBlock, context: ToolStepContext): Verdict {
  const repeats = context.loopDetector.record(block.name, block.input);
  if (repeats >= context.repeatedCallLimit) {
    context.emit({
      type: 'CUSTOM',
      name: 'loop_detected',
      value: { toolCallId: block.id, name: block.name, repeats },
    });
    return {
      kind: 'answer',
      text: errorText(
        `${block.name} was already called ${repeats - 1} times with exactly this input in this turn; calling it again will not change the result. Use the earlier result, change the input, or answer the user.`,
      ),
    };
  }
  const { catalog } = context.dispatcher;
  const parsed = typeof block.name === 'string' ? catalog.parse(catalog.resolveAlias(block.name)) : undefined;
  if (parsed?.kind !== 'tool') return { kind: 'run' };
  if ('executedBy' in parsed.layer) return { kind: 'pending', reason: 'client_tool' };
  const action = decideApproval(
    context.approvalPolicies ?? [],
    parsed.server,
    parsed.toolName,
    parsed.tool.annotations,
  );
  if (action === 'deny') {
    context.emit({
      type: 'CUSTOM',
      name: 'tool_call_denied',
      value: {
        toolCallId: block.id,
        name: block.name,
        server: parsed.layer.serverName,
        tool: parsed.toolName,
      },
    });
    return {
      kind: 'answer',
      text: errorText(`${block.name} is not allowed by the approval policy; do not retry it.`),
    };
  }
  return action === 'ask' ? { kind: 'pending', reason: 'approval' } : { kind: 'run' };
}

function answer(block: ToolUseBlock, text: string, context: ToolStepContext): ToolResultBlock {
  const result: ToolResultBlock = {
    type: 'tool_result',
    tool_use_id: block.id,
    content: text,
    is_error: true,
  };
  context.emit({
    type: 'TOOL_CALL_RESULT',
    messageId: `result_${block.id}`,
    toolCallId: block.id,
    content: text,
    role: 'tool',
  });
  return result;
}
