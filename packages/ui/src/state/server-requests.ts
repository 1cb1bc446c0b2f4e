import type { AgentEvent, ElicitationRequest, SamplingRequest } from '@switchboard/core';

/** What servers are asking the person right now: forms or links, and completions to approve. */
export interface ServerRequests {
  elicitations: ElicitationRequest[];
  samplings: SamplingRequest[];
}

/** A person's answer to a form or link: `accept` (with the form's content), `decline` or `cancel`. */
export interface ElicitationAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** Nothing waiting. */
export const NO_SERVER_REQUESTS: ServerRequests = Object.freeze({
  elicitations: [],
  samplings: [],
}) as ServerRequests;

/**
 * Folds an agent event into the requests waiting for the person: a `*_request` event adds one
 * (sampling only when it needs approval), its `*_resolved` event removes it, and the end of the
 * run removes them all (the run cancels what it leaves). A replayed request is not added twice.
 * Returns a new state, or the same one when the event changes nothing.
 */
export function applyServerRequestEvent(state: ServerRequests, event: AgentEvent): ServerRequests {
  if (event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR')
    return state.elicitations.length + state.samplings.length > 0 ? NO_SERVER_REQUESTS : state;
  if (event.type !== 'CUSTOM') return state;
  const requestId = (event.value as { requestId?: unknown } | undefined)?.requestId;
  if (typeof requestId !== 'string') return state;
  switch (event.name) {
    case 'elicitation_request':
      return { ...state, elicitations: added(state.elicitations, event.value as ElicitationRequest) };
    case 'elicitation_resolved':
      return { ...state, elicitations: removed(state.elicitations, requestId) };
    case 'sampling_request': {
      const request = event.value as SamplingRequest;
      return request.needsApproval ? { ...state, samplings: added(state.samplings, request) } : state;
    }
    case 'sampling_resolved':
      return { ...state, samplings: removed(state.samplings, requestId) };
    default:
      return state;
  }
}

function added<T extends { requestId: string }>(list: T[], request: T): T[] {
  return list.some((known) => known.requestId === request.requestId) ? list : [...list, request];
}

function removed<T extends { requestId: string }>(list: T[], requestId: string): T[] {
  return list.filter((request) => request.requestId !== requestId);
}
