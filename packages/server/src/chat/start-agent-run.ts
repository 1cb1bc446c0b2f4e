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
import { TurnNotStartedError } from './turn-not-started-error.ts';
import type { TurnInput } from './turn-types.ts';

/** A started agent loop whose first event has arrived. */
export interface StartedAgentRun {
  run: AgentRun<AgentResult>;
  events: AsyncIterator<AgentEvent>;
  first: AgentEvent;
}

/**
 * Starts core's agent loop for a turn (a new message, or a resume with the client's tool results and
 * approvals) and waits for its first event. Returns why, when the loop ends before emitting
 * anything: core's {@link ResumeError} for a resume it refuses, a {@link TurnNotStartedError} otherwise.
 */
export async function startAgentRun(
  input: TurnInput,
  options: AgentLoopOptions & { session: AgentSession },
): Promise<StartedAgentRun | { failure: ResumeError | TurnNotStartedError }> {
  const run: AgentRun<AgentResult> =
    input.kind === 'chat'
      ? runAgentLoop(input.content, options)
      : resumeAgentLoop({ toolResults: input.toolResults, approvals: input.approvals }, options);
  const events = run[Symbol.asyncIterator]();
  const first = await events.next();
  if (first.done) {
    const failure = await run.result.then(
      () => new TurnNotStartedError('turn_failed', 'the turn ended before it started'),
      (error: unknown) =>
        error instanceof ResumeError
          ? error
          : new TurnNotStartedError('turn_failed', error instanceof Error ? error.message : String(error)),
    );
    return { failure };
  }
  return { run, events, first: first.value };
}
