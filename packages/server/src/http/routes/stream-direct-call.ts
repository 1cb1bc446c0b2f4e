import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ApiError } from '../api-error.ts';
import type { DirectCallElicitations, DirectCallRequests } from './direct-call-elicitations.ts';

/**
 * A direct tool call streamed as Server-Sent Events (`Accept: text/event-stream`), so that a form or
 * link the server asks for reaches the caller: `elicitation_request` / `elicitation_resolved` CUSTOM
 * events while the call runs (answered at `POST /servers/tool-calls/elicitations/{requestId}`, on any
 * replica), then
 * one `tool_call_result` CUSTOM event with the JSON the plain call answers, or `tool_call_error`
 * with `{code, message}`.
 */
export function streamDirectCall(
  c: Context,
  elicitations: DirectCallElicitations,
  userId: string,
  call: (serverRequests: DirectCallRequests) => Promise<Record<string, unknown>>,
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
      const result = await call({ elicitation: requests.broker.handle });
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
