import type { AgentEvent } from '@switchboard/core';
import { readEventStream } from './read-event-stream.ts';

/** What `POST /servers/:id/tools/call` answers (the last event of a streamed call). */
export interface DirectCallResult {
  content: string;
  is_error: boolean;
  structured?: unknown;
  widget?: { type: string; data: Record<string, unknown> };
}

/** Sends a request to the gateway and checks its status (throws with the gateway's words). */
type GatewayRequest = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * Direct tool calls of the tool browser, streamed (`Accept: text/event-stream`) so that a form or
 * link the server asks for reaches the person: its `elicitation_request` / `elicitation_resolved`
 * events go to `onEvent` (the chat shows the card), and the answer to one of them goes to
 * `POST /servers/tool-calls/elicitations/{requestId}` instead of the conversation's route.
 */
export function directToolCalls(request: GatewayRequest, onEvent: (event: AgentEvent) => void) {
  const waiting = new Set<string>();
  return {
    /** Calls the tool; resolves with the call's JSON, rejects with the gateway's `tool_call_error`. */
    async call(serverId: string, name: string, args: Record<string, unknown>): Promise<DirectCallResult> {
      const response = await request(`/servers/${encodeURIComponent(serverId)}/tools/call`, {
        method: 'POST',
        body: JSON.stringify({ name, arguments: args }),
        headers: { Accept: 'text/event-stream' },
      });
      if (!response.body) throw new Error('gateway: the stream has no body');
      let result: DirectCallResult | undefined;
      let failure: string | undefined;
      await readEventStream(response.body, (event) => {
        if (event.type !== 'CUSTOM') return;
        // The direct-call route's own events (not core's): its result or its failure.
        const name = event.name as string;
        const value = event.value as Record<string, unknown>;
        if (name === 'tool_call_result') result = value as unknown as DirectCallResult;
        else if (name === 'tool_call_error') failure = String(value.message);
        else if (name === 'elicitation_request' || name === 'elicitation_resolved') {
          if (name === 'elicitation_request') waiting.add(String(value.requestId));
          else waiting.delete(String(value.requestId));
          onEvent(event);
        }
      });
      if (result) return result;
      throw new Error(failure ?? 'the call ended without a result');
    },
    /** The answer route of a request of one of these calls, or undefined when it is a turn's. */
    answerPath(requestId: string): string | undefined {
      return waiting.has(requestId)
        ? `/servers/tool-calls/elicitations/${encodeURIComponent(requestId)}`
        : undefined;
    },
  };
}
