import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type {
  ApprovalQuestion,
  DirectCallElicitations,
  DirectCallRequests,
} from '../../calls/direct-call-elicitations.ts';
import { ApiError } from '../api-error.ts';

/** What a streamed direct call may ask the person: the server's forms and links, and the gateway's approval. */
export interface DirectCallAsking {
  /** The answers the call offers its server (its forms and links reach the caller). */
  serverRequests: DirectCallRequests;
  /** Asks the caller, as the gateway, whether `server`'s call may run; true when they approve. */
  approve(server: string, call: ApprovalQuestion): Promise<boolean>;
}

/**
 * A direct tool call streamed as Server-Sent Events (`Accept: text/event-stream`), so that what the
 * call asks reaches the caller — a form or link of the server's, or the gateway's approval question
 * (marked `approval`) when its policy asks about the tool: `elicitation_request` /
 * `elicitation_resolved` CUSTOM events while the call runs (answered at `POST
 * /servers/tool-calls/elicitations/{requestId}`, on any replica), then one `tool_call_result` CUSTOM
 * event with the JSON the plain call answers, or `tool_call_error` with `{code, message}`.
 */
export function streamDirectCall(
  c: Context,
  elicitations: DirectCallElicitations,
  userId: string,
  call: (asking: DirectCallAsking) => Promise<Record<string, unknown>>,
): Response {
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const write = (name: string, value: unknown) =>
      stream.writeSSE({ data: JSON.stringify({ type: 'CUSTOM', name, value, timestamp: Date.now() }) });
    const requests = await elicitations.open(userId, (event) => {
      void stream.writeSSE({ data: JSON.stringify(event) }).catch(() => undefined);
    });
    // The caller went away: the request's signal ends the call (see `call`), then its questions
    // close (closing them first would answer them, and the call would go on).
    const leave = () => void requests.close();
    const gone = c.req.raw.signal;
    if (gone.aborted) leave();
    gone.addEventListener('abort', leave, { once: true });
    try {
      const result = await call({
        serverRequests: { elicitation: requests.broker.handle },
        approve: (server, question) => requests.broker.approve(server, question, gone),
      });
      // The requests' last events (e.g. `elicitation_resolved`) go out before the result.
      await requests.close();
      await write('tool_call_result', result);
    } catch (error) {
      await requests.close();
      if (gone.aborted) return;
      const { code, message } =
        error instanceof ApiError ? error : { code: 'tool_call_failed', message: (error as Error).message };
      await write('tool_call_error', { code, message });
    } finally {
      gone.removeEventListener('abort', leave);
    }
  });
}
