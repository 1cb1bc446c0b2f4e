import {
  type AgentEvent,
  type AgentLoopOptions,
  type AgentResult,
  type AgentRun,
  type AgentSession,
  ResumeError,
  resumeAgentLoop,
  runAgentLoop,
} from '@switchboard/core';
import { ApiError } from '../http/api-error.ts';
import type { TurnInput } from './turn-types.ts';

/** A started agent loop whose first event has arrived. */
export interface StartedAgentRun {
  run: AgentRun<AgentResult>;
  events: AsyncIterator<AgentEvent>;
  first: AgentEvent;
}

/**
 * Starts core's agent loop for a turn (a new message, or a resume with the client's tool results and
 * approvals) and waits for its first event. Returns the {@link ApiError} to report when the loop
 * ends before emitting anything (e.g. a resume core refuses).
 */
export async function startAgentRun(
  input: TurnInput,
  options: AgentLoopOptions & { session: AgentSession },
): Promise<StartedAgentRun | { failure: ApiError }> {
  const run: AgentRun<AgentResult> =
    input.kind === 'chat'
      ? runAgentLoop(input.content, options)
      : resumeAgentLoop({ toolResults: input.toolResults, approvals: input.approvals }, options);
  const events = run[Symbol.asyncIterator]();
  const first = await events.next();
  if (first.done) {
    const failure = await run.result.then(
      () => new ApiError(500, 'turn_failed', 'the turn ended before it started'),
      (error: unknown) => toApiError(error),
    );
    return { failure };
  }
  return { run, events, first: first.value };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ResumeError) {
    const status = error.code === 'unknown_call' ? 404 : error.code === 'wrong_kind' ? 400 : 409;
    return new ApiError(status, error.code, error.message);
  }
  return new ApiError(500, 'turn_failed', error instanceof Error ? error.message : String(error));
}
