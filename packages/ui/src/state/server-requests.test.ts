import type { AgentEvent, ElicitationRequest, SamplingRequest } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { applyServerRequestEvent, NO_SERVER_REQUESTS, type ServerRequests } from './server-requests.ts';

const custom = (name: string, value: unknown) =>
  ({ type: 'CUSTOM', name, value, timestamp: 1 }) as AgentEvent;
const form: ElicitationRequest = {
  requestId: 'e1',
  server: 'everything',
  mode: 'form',
  message: 'Who are you?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
  expiresAt: 10,
};
const sampling: SamplingRequest = {
  requestId: 's1',
  server: 'everything',
  messages: [{ role: 'user', text: 'a haiku' }],
  maxTokens: 40,
  needsApproval: true,
  expiresAt: 10,
};
const fold = (events: AgentEvent[], state: ServerRequests = NO_SERVER_REQUESTS) =>
  events.reduce(applyServerRequestEvent, state);

describe('applyServerRequestEvent', () => {
  it('keeps a request until its resolution arrives', () => {
    const waiting = fold([custom('elicitation_request', form), custom('sampling_request', sampling)]);
    expect(waiting).toEqual({ elicitations: [form], samplings: [sampling] });
    const answered = fold(
      [
        custom('elicitation_resolved', { requestId: 'e1', action: 'accept', by: 'person' }),
        custom('sampling_resolved', { requestId: 's1', outcome: 'answered', text: 'leaves' }),
      ],
      waiting,
    );
    expect(answered).toEqual({ elicitations: [], samplings: [] });
  });

  it('replays a stored stream to the requests still pending, each once', () => {
    const second = { ...form, requestId: 'e2', mode: 'url' as const, url: 'https://example.com/x' };
    const state = fold([
      custom('elicitation_request', form),
      custom('elicitation_request', second),
      custom('elicitation_resolved', { requestId: 'e1', action: 'decline', by: 'timed_out' }),
      custom('elicitation_request', second),
    ]);
    expect(state.elicitations).toEqual([second]);
  });

  it('leaves out sampling that needs no approval, and ignores unrelated or malformed events', () => {
    const state = fold([
      custom('sampling_request', { ...sampling, needsApproval: false }),
      custom('elicitation_request', { message: 'no id' }),
      custom('tool_progress', { toolCallId: 't', progress: 1 }),
      { type: 'TEXT_MESSAGE_END', messageId: 'm', timestamp: 1 },
    ]);
    expect(state).toBe(NO_SERVER_REQUESTS);
  });

  it('forgets everything when the run ends', () => {
    const waiting = fold([custom('elicitation_request', form)]);
    expect(
      applyServerRequestEvent(waiting, {
        type: 'RUN_FINISHED',
        threadId: 't',
        runId: 'r',
        result: { stopReason: 'aborted' },
        timestamp: 2,
      }),
    ).toEqual(NO_SERVER_REQUESTS);
    expect(applyServerRequestEvent(waiting, { type: 'RUN_ERROR', message: 'x', timestamp: 2 })).toEqual(
      NO_SERVER_REQUESTS,
    );
  });
});
