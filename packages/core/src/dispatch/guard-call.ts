import { IdleDeadline } from '../mcp/calls/idle-deadline.ts';

/**
 * Runs one tool call under its own cancellation scope: `run` gets a signal that aborts when
 * `parent` does (with the parent's reason) or once the call has been quiet for `timeoutMs`
 * (with a `TimeoutError`), and the returned promise rejects at that moment with an actionable
 * error, even when the tool ignores its signal. `run` also gets the call's
 * {@link IdleDeadline}: progress touches it, a question put to the person holds it. Costs one
 * AbortController, one timer and one listener per call — far less than
 * `AbortSignal.any([parent, AbortSignal.timeout(ms)])` plus a listener on the composite,
 * which every layer below (SDK, transport, fetch) would then follow again. A `timeoutMs` that
 * is not a finite number a timer can hold means no timeout.
 */
export async function guardCall<T>(
  parent: AbortSignal,
  timeoutMs: number,
  name: string,
  run: (signal: AbortSignal, deadline: IdleDeadline) => Promise<T>,
): Promise<T> {
  if (parent.aborted) throw cancelledError(name);
  const controller = new AbortController();
  let stop: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  const onAbort = () => {
    controller.abort(parent.reason);
    stop(cancelledError(name));
  };
  const deadline = new IdleDeadline(timeoutMs, () => {
    controller.abort(new DOMException(`The tool call timed out after ${timeoutMs} ms.`, 'TimeoutError'));
    stop(
      new Error(
        `${name} timed out after ${timeoutMs} ms; try again, narrow the request, or use another tool`,
      ),
    );
  });
  deadline.touch();
  parent.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([run(controller.signal, deadline), stopped]);
  } finally {
    deadline.clear();
    parent.removeEventListener('abort', onAbort);
  }
}

function cancelledError(name: string): Error {
  return new Error(`${name} was cancelled`);
}
