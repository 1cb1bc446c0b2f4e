import { RunInteractions } from '../interaction/run-interactions.ts';
import { AgentSession } from '../session/agent-session.ts';
import type { AgentEvent } from '../types/events.ts';
import type { AgentLoopOptions, AgentResult, ResumeInput } from './agent-loop-types.ts';
import { AgentRun } from './agent-run.ts';
import { appendUserText, settleAbandonedStep } from './conversation-history.ts';
import { EventChannel } from './event-channel.ts';
import { LoopRun } from './loop-run.ts';
import { validateResume } from './validate-resume.ts';

export type { AgentCallbacks, AgentLoopOptions, AgentResult, ResumeInput } from './agent-loop-types.ts';
export { ResumeError } from './agent-loop-types.ts';

/**
 * Runs the agent loop for one user message: model call → tool calls → results → … until the model ends
 * its turn, a limit is hit, the signal aborts, or a tool must run on the client or be approved.
 * Await the returned run for the result, or iterate it for the AG-UI event stream.
 */
export function runAgentLoop(message: string, options: AgentLoopOptions): AgentRun<AgentResult> {
  return start(options, (session) => {
    settleAbandonedStep(session);
    appendUserText(session.messages, message);
  });
}

/**
 * Resumes a suspended run with the client's tool results and/or people's approval decisions.
 * Validates the input against the suspended step first (unknown or duplicate ids reject with ResumeError).
 */
export function resumeAgentLoop(
  input: ResumeInput,
  options: AgentLoopOptions & { session: AgentSession },
): AgentRun<AgentResult> {
  return start(options, (session) => validateResume(session, input), input);
}

function start(
  options: AgentLoopOptions,
  prepare: (session: AgentSession) => void,
  resume?: ResumeInput,
): AgentRun<AgentResult> {
  const events = new EventChannel<AgentEvent>();
  const session = options.session ?? new AgentSession();
  const interactions = new RunInteractions(
    options.provider,
    (event) => {
      events.push(event);
      options.callbacks?.onEvent?.(event);
    },
    options.interaction,
  );
  const result = (async () => {
    prepare(session);
    return new LoopRun(options, session, events, interactions).run(resume);
  })().finally(() => {
    interactions.cancelAll();
    events.close();
  });
  return new AgentRun(result, events, interactions);
}
